import Foundation
import Imaging
import Ingest
import OCR
import Pipeline
import RebutCore
import RebutTestSupport
import Store
import Testing

/// The boxes a receipt keeps are in the pixels of the image the OCR read, which for a photo is
/// not the photo: the slip is cut out of the table, laid flat and scaled. Filed through the real
/// pipeline into a real store, the read image kept with the receipt must put the total's line
/// box on the total: cut out there and read again by Tesseract, it says the total's digits.
@Suite struct ReadImagePipelineTests {
    struct Capture: Sendable, CustomTestStringConvertible {
        var file: String
        var total: String
        /// Whether the old estimate (the same box on the original, scaled by the text's extent
        /// with equal margins) misses the total: the restaurant slip fills most of its photo,
        /// so there the estimate happens to land on it.
        var estimateMisses: Bool
        var testDescription: String { file }
    }

    /// Two phone photos in perspective on a table and an A4 page with the slip in a corner.
    static let captures = [
        Capture(file: "eng-restaurant-photo.jpg", total: "76.20", estimateMisses: false),
        Capture(file: "eng-petrol-photo.jpg", total: "86.10", estimateMisses: true),
        Capture(file: "eng-restaurant-page-grey.jpg", total: "76.20", estimateMisses: true),
    ]

    @Test(arguments: captures)
    func theTotalsLineBoxLandsOnTheTotalInTheKeptReadImage(capture: Capture) async throws {
        let dir = try TemporaryDirectory("rebut-read-image")
        let store = try ExpenseStore(path: dir.file("rebut.sqlite"))
        let event = try store.createEvent(Event(name: "Wild", kind: .trip))
        let analyser = try ReceiptAnalyser(configuration: PipelineConfiguration(languages: "eng", jobs: 1))
        let result = await ReceiptFiler(analyser: analyser, store: store).file(Fixtures.url("wild/img/\(capture.file)"), into: event)
        let receipt = try #require(result.receipt)
        #expect(receipt.total.map { MoneyFormat.canonical($0) } == capture.total)

        let kept = try #require(try store.readImage(receiptId: receipt.id!))
        #expect(kept.jpeg.starts(with: [0xFF, 0xD8]))
        let lineIndex = try #require(receipt.candidates["total"]?.first { $0.value == capture.total }?.lineIndex)
        let box = try #require(receipt.ocrLines[lineIndex].box)

        let readImage = try Self.decode(kept.jpeg, in: dir)
        #expect(max(readImage.width, readImage.height) <= ReadImage.maxSide)
        let digits = capture.total.filter(\.isNumber)
        let engine = try TesseractEngine(settings: .default(languages: "eng"))
        let onReadImage = try Self.read(box, space: (kept.width, kept.height), of: readImage, engine: engine)
        #expect(onReadImage.filter(\.isNumber).contains(digits), "read \"\(onReadImage)\" at the total's box")

        // What the picker did before: the same box on the original, scaled by the text's extent
        // with equal margins, lands elsewhere when the slip has background around it.
        if capture.estimateMisses {
            let original = try ImageDecoder.decode(try Ingestor().read(Fixtures.url("wild/img/\(capture.file)")),
                                                   maxPixels: 60_000_000, pixelBudget: 60_000_000)
            let boxes = receipt.ocrLines.compactMap(\.box)
            let estimate = ((boxes.map { $0.x + $0.width }.max() ?? 0) + (boxes.map(\.x).min() ?? 0),
                            (boxes.map { $0.y + $0.height }.max() ?? 0) + (boxes.map(\.y).min() ?? 0))
            let onOriginal = try Self.read(box, space: estimate, of: original, engine: engine)
            #expect(!onOriginal.filter(\.isNumber).contains(digits), "the old estimate found \"\(onOriginal)\"")
        }
    }

    static func decode(_ jpeg: Data, in dir: TemporaryDirectory) throws -> LeptonicaImage {
        let url = dir.file("read.jpg")
        try jpeg.write(to: url)
        return try ImageDecoder.decode(try Ingestor().read(url), maxPixels: 60_000_000, pixelBudget: 60_000_000)
    }

    /// Cuts `box` (in a `space` of that size) out of `image`, scaled to its pixels with a little
    /// margin, and reads it as one line.
    static func read(_ box: Box, space: (Int, Int), of image: LeptonicaImage, engine: TesseractEngine) throws -> String {
        let sx = Double(image.width) / Double(space.0), sy = Double(image.height) / Double(space.1)
        let margin = Double(box.height) * 0.3
        let rect = PixelRect(x: Int32(max(0, (Double(box.x) - margin) * sx)), y: Int32(max(0, (Double(box.y) - margin) * sy)),
                             width: Int32((Double(box.width) + 2 * margin) * sx), height: Int32((Double(box.height) + 2 * margin) * sy))
        guard let crop = image.clipped(to: rect) else { return "" }
        return try engine.recognize(crop, pageSegmentationMode: 7).text
    }
}
