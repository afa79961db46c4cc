import Foundation
import Imaging
import Ingest
import RebutCore

/// Reads a document of pages on an OCR worker thread: a PDF, or a TIFF of several pages (what a
/// scanner's document feeder saves). One receipt per file, every page read.
///
/// A PDF page with a usable text layer (a bill from the electricity or phone company) is taken
/// as printed, without OCR; any other page is rendered at 300 dpi within the decode pixel
/// budget, or decoded from the TIFF, and cleaned and read like a scan. The pages' lines are
/// concatenated in page order, as if the pages were stacked one below the other: boxes are
/// moved down by the height of the pages above, so a line's box still says where it is. Pages
/// are read one after the other rather than stacked into one image, so only one page is
/// decoded at a time, and each page keeps its own text size and crop. Re-reading uncertain
/// lines works as for an image, on the page the line came from.
///
/// The read image kept with the receipt (`OCROutcome.readImage`): for a one-page PDF, the
/// cleaned page the OCR read, or for a text-layer page the page rendered small, in the same
/// 300 dpi coordinate space as the text layer's boxes. A document of several pages keeps none
/// (its boxes run down a stack of pages no single image shows), and the picker falls back to
/// its estimate.
struct DocumentReader {
    /// More pages than this is not a receipt but a statement or a book: refused, named.
    static let maxPages = 10

    /// The worker's engine, waited for while it starts: a text-layer page never needs it.
    let engine: () throws(OCRError) -> TesseractEngine
    let cleaner: ReceiptCleaner
    let refinement: Refinement?
    /// Where an idle worker may be asked to read a scanned page ahead (see `SpeculativeReading`).
    var helpers: JobQueue? = nil

    /// One page as read, in its own pixel coordinates.
    private struct PageReading {
        var page: OCRPage
        /// The cleaned image OCR read, kept for re-reading; nil for a text-layer page.
        var image: LeptonicaImage?
        var fromTextLayer: Bool
        /// The page read ahead in the fallback mode by an idle worker, if one was.
        var ahead: SpeculativeReading? = nil
        /// The page's one-block reading, where the second look made it (`ImageReading.oneBlock`).
        var oneBlock: OCRPage? = nil
    }

    func read(_ file: IngestedFile) throws -> OCROutcome {
        let clock = ContinuousClock()
        var decode = Duration.zero, clean = Duration.zero, ocr = Duration.zero
        var mark = clock.now
        func lap() -> Duration {
            let now = clock.now
            defer { mark = now }
            return now - mark
        }

        let document = try WorkerStepFailure.during(.decode) { try DocumentPages(file, decodePixelBudget: cleaner.options.decodePixelBudget,
                                                                                  maxPixels: cleaner.options.maxPixels) }
        let count = document.count
        guard count > 0 else { throw WorkerStepFailure(step: .decode, underlying: ReceiptInputError.corrupt("the PDF has no pages")) }
        guard count <= Self.maxPages else {
            throw WorkerStepFailure(step: .decode, underlying: ReceiptInputError.tooManyPages(count: count, limit: Self.maxPages))
        }

        var readings: [PageReading] = []
        // Pages read ahead and not taken are stopped, however the reading ends (a later page can fail).
        var readsAhead: [SpeculativeReading] = []
        defer { readsAhead.forEach { $0.abandon() } }
        var readImage: ReadImage?
        var keep = Duration.zero
        var notes: [String] = []
        for index in 0..<count {
            switch try WorkerStepFailure.during(.decode, { try document.page(index) }) {
            case .printed(let page, let pdfPage):
                readings.append(PageReading(page: page, image: nil, fromTextLayer: true))
                decode += lap()
                if count == 1 {
                    readImage = Self.renderedReadImage(pdfPage, coordinateSpace: (page.width, page.height))
                    keep += lap()
                }
            case .pixels(let pixels):
                decode += lap()
                // Read as an image is: turned, thickened or stretched when the first reading is poor.
                var ahead: SpeculativeReading?
                let reading = try OCRWorkerPool.read(pixels, engine: engine, cleaner: cleaner, notes: &notes) { image in
                    ahead = helpers?.readAhead(image, for: refinement)
                    if let ahead { readsAhead.append(ahead) }
                }
                let page = reading.page, cleaned = reading.image
                clean += reading.clean
                ocr += reading.ocr
                _ = lap()
                readings.append(PageReading(page: page, image: refinement == nil ? nil : cleaned, fromTextLayer: false, ahead: ahead,
                                            oneBlock: reading.oneBlock))
                if count == 1 {
                    // As for an image: a failure only costs the exact boxes, not the receipt.
                    readImage = try? cleaned.readImage()
                    keep += lap()
                }
            }
        }

        var page = Self.stacked(readings.map(\.page))
        page.notes = notes
        if let refinement, readings.contains(where: { !$0.fromTextLayer }) {
            refine(&page, readings: readings, with: refinement)
        }
        return OCROutcome(page: page, decode: decode, clean: clean, ocr: ocr, reread: lap(), readImage: readImage, keep: keep)
    }

    /// A text-layer page drawn at the resolution that fits `ReadImage.maxSide`, never above the
    /// 300 dpi of its boxes; nil when poppler cannot draw it (the boxes then fall back).
    static func renderedReadImage(_ page: PDFPage, coordinateSpace: (width: Int, height: Int)) -> ReadImage? {
        let longest = Double(max(coordinateSpace.width, coordinateSpace.height, 1))
        let dpi = min(DocumentPages.renderDPI, DocumentPages.renderDPI * Double(ReadImage.maxSide) / longest)
        guard let image = try? page.rendered(dpi: dpi, pixelBudget: ReadImage.maxSide * ReadImage.maxSide) else { return nil }
        return try? image.readImage(coordinateSpace: coordinateSpace)
    }

    /// Re-reads the lines `refinement` asks for on the page each came from, then the whole
    /// document in fallback modes (text-layer pages as they are), at most three times.
    private func refine(_ page: inout OCRPage, readings: [PageReading], with refinement: Refinement) {
        // A scanned page was read, so the engine has started.
        guard let engine = try? engine() else { return }
        let firstLine = Self.firstLineIndices(readings.map(\.page))
        let requests = refinement.requests(page)
        let rereader = LineRereader(options: refinement.options)
        // One budget for the document: a share of what reading its scanned pages cost.
        var budget = RereadBudget(firstReadings: readings.filter { !$0.fromTextLayer }.map(\.page))
        for (index, reading) in readings.enumerated() {
            guard let image = reading.image else { continue }
            let range = firstLine[index]..<(firstLine[index] + reading.page.lines.count)
            let local = requests.filter { range.contains($0.lineIndex) }.map { request in
                var moved = request
                moved.lineIndex -= range.lowerBound
                return moved
            }
            guard !local.isEmpty else { continue }
            page.rereads += rereader.reread(local, of: reading.page, in: image, engine: engine, budget: &budget).map { reread in
                var moved = reread
                moved.lineIndex += range.lowerBound
                return moved
            }
        }
        while let mode = refinement.nextFallback(for: page, besides: engine.settings.pageSegmentationMode) {
            let pages = readings.map { reading -> OCRPage in
                guard let image = reading.image,
                      let again = SplitColumns.alreadyRead(reading.oneBlock, inMode: mode)
                        ?? reading.ahead?.claim(for: image, pageSegmentationMode: mode)
                        ?? (try? engine.recognize(image, pageSegmentationMode: mode)) else {
                    return reading.page
                }
                return again
            }
            page.fallbackReadings.append(FallbackReading(pageSegmentationMode: mode, lines: Self.stacked(pages).lines))
        }
    }

    /// The pages as one: lines in page order, boxes moved down by the pages above.
    static func stacked(_ pages: [OCRPage]) -> OCRPage {
        guard pages.count != 1 else { return pages[0] }
        var lines: [TextLine] = []
        var top = 0
        for page in pages {
            lines += page.lines.map { $0.moved(y: top) }
            top += page.height
        }
        let words = lines.flatMap(\.words)
        let mean = words.isEmpty ? 0 : words.map(\.confidence).reduce(0, +) / Double(words.count)
        return OCRPage(lines: lines, meanConfidence: mean, width: pages.map(\.width).max() ?? 0, height: top)
    }

    private static func firstLineIndices(_ pages: [OCRPage]) -> [Int] {
        var first: [Int] = []
        var next = 0
        for page in pages {
            first.append(next)
            next += page.lines.count
        }
        return first
    }
}

extension TextLine {
    /// The line with its box and its words' boxes moved by (`x`, `y`) pixels: a line read on a
    /// cut-out or a later page, placed in the whole reading's pixels.
    func moved(x: Int = 0, y: Int = 0) -> TextLine {
        guard x != 0 || y != 0 else { return self }
        func move(_ box: Box) -> Box { Box(x: box.x + x, y: box.y + y, width: box.width, height: box.height) }
        var moved = self
        moved.box = box.map(move)
        moved.words = words.map { Word(text: $0.text, confidence: $0.confidence, box: move($0.box)) }
        return moved
    }
}
