import Foundation
import RebutTestSupport
import Imaging
import Ingest
import RebutCore
import Testing

@Suite struct DecodeTests {
    @Test(arguments: ImageFormat.leptonicaFormats)
    func everyFormatDecodesToTheSameSize(format: ImageFormat) throws {
        let folder = try TemporaryDirectory()
        let image = try #require(LeptonicaImage.renderedText(["TOTAL 12.50"], fontSize: 12))
        let file = try folder.ingest(image, as: format)
        #expect(file.format == format)
        let decoded = try ImageDecoder.decode(file, maxPixels: 10_000_000)
        #expect(decoded.width == image.width)
        #expect(decoded.height == image.height)
        // Text pixels survive the round trip (JPEG and WebP are lossy: compare loosely).
        let dark = (0..<decoded.height).flatMap { y in (0..<decoded.width).map { x in (x, y) } }
            .filter { decoded.greyValue(x: $0.0, y: $0.1)! < 100 }.count
        #expect(dark > 50)
    }

    @Test func imagesOverThePixelLimitAreRefusedFromTheHeader() throws {
        let folder = try TemporaryDirectory()
        let image = try #require(LeptonicaImage.blank(width: 400, height: 300))
        let file = try folder.ingest(image, as: .png)
        #expect(throws: ReceiptInputError.tooLarge(width: 400, height: 300, limit: 100_000)) {
            try ImageDecoder.decode(file, maxPixels: 100_000)
        }
        #expect(try ImageDecoder.decode(file, maxPixels: 120_000).width == 400)
    }

    @Test func truncatedJPEGIsCorrupt() throws {
        let folder = try TemporaryDirectory()
        let image = try #require(LeptonicaImage.renderedText(receiptLines, fontSize: 12))
        let whole = try image.encoded(as: .jpeg)
        let url = folder.url.appendingPathComponent("cut.jpg")
        let cut = whole.prefix(whole.count / 2)
        try cut.write(to: url)
        // Ingest refuses it before any decoder sees it; the decoder must also stand on its own.
        #expect(throws: ReceiptInputError.self) { try Ingestor().read(url) }
        let file = IngestedFile(url: url, data: Data(cut), sha256: Ingestor.sha256Hex(Data(cut)), format: .jpeg, orientation: 1)
        do {
            _ = try ImageDecoder.decode(file, maxPixels: 10_000_000)
            Issue.record("a truncated JPEG decoded")
        } catch {
            guard case .corrupt = error else { Issue.record("expected .corrupt, got \(error)"); return }
        }
    }

    @Test func garbageAfterAPNGSignatureIsCorrupt() throws {
        let folder = try TemporaryDirectory()
        let url = folder.url.appendingPathComponent("bad.png")
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 7, count: 64)).write(to: url)
        let file = try Ingestor().read(url)
        do {
            _ = try ImageDecoder.decode(file, maxPixels: 10_000_000)
            Issue.record("garbage decoded")
        } catch {
            guard case .corrupt = error else { Issue.record("expected .corrupt, got \(error)"); return }
        }
    }

    /// A 60×20 image with a black 10×10 square in its top-left corner.
    private func markedImage() throws -> LeptonicaImage {
        let image = try #require(LeptonicaImage.filled(width: 60, height: 20, grey: 255))
        let mark = try #require(LeptonicaImage.filled(width: 10, height: 10, grey: 0))
        return try #require(image.pasting(mark, x: 0, y: 0))
    }

    /// Where the mark ends up for each EXIF orientation, as (x, y) of a pixel inside it.
    @Test(arguments: [
        (1, 60, 20, 2, 2), (2, 60, 20, 57, 2), (3, 60, 20, 57, 17), (4, 60, 20, 2, 17),
        (5, 20, 60, 2, 2), (6, 20, 60, 17, 2), (7, 20, 60, 17, 57), (8, 20, 60, 2, 57),
    ])
    func exifOrientationIsApplied(orientation: Int, width: Int, height: Int, markX: Int, markY: Int) throws {
        let folder = try TemporaryDirectory()
        let stored = try folder.ingest(markedImage(), as: .png)
        let file = IngestedFile(url: stored.url, data: stored.data, sha256: stored.sha256,
                                format: .png, orientation: orientation)
        let upright = try ImageDecoder.decode(file, maxPixels: 1_000_000)
        #expect(upright.width == width)
        #expect(upright.height == height)
        #expect(upright.greyValue(x: markX, y: markY) == 0)
        #expect(upright.greyValue(x: width - 1 - markX, y: height - 1 - markY) == 255)
    }

    /// The OCR's decode: a colour JPEG made grey before its EXIF turn, pixel for pixel the grey
    /// the cleaner would make of the colour decode.
    @Test func aColourJPEGDecodedGreyIsTheCleanersGreyTurnedUpright() throws {
        let folder = try TemporaryDirectory()
        let text = try #require(LeptonicaImage.renderedText(["TOTAL 12.50", "CASH 20.00"], fontSize: 14))
        let colour = try #require(text.tinted(red: 40, green: 60, blue: 160))  // blue ink on white
        let stored = try folder.ingest(colour, as: .jpeg)
        let file = IngestedFile(url: stored.url, data: stored.data, sha256: stored.sha256, format: .jpeg, orientation: 6)
        let grey = try ImageDecoder.decode(file, maxPixels: 10_000_000, grey: true)
        let full = try ImageDecoder.decode(file, maxPixels: 10_000_000)
        #expect(grey.depth == 8)
        #expect(full.depth == 32)
        #expect(grey.width == colour.height && grey.height == colour.width)
        var inkPixels = 0, mismatched = 0
        for y in 0..<grey.height {
            for x in 0..<grey.width {
                let luma = try #require(grey.greyValue(x: x, y: y)), reference = try #require(full.greyValue(x: x, y: y))
                if reference < 100 { inkPixels += 1; if luma >= 128 { mismatched += 1 } }
                if reference > 220, luma < 128 { mismatched += 1 }
            }
        }
        #expect(inkPixels > 100)
        #expect(mismatched == 0)
        let cleanersGrey = try full.grey()
        var different = 0
        for y in 0..<grey.height {
            for x in 0..<grey.width where grey.greyValue(x: x, y: y) != cleanersGrey.greyValue(x: x, y: y) { different += 1 }
        }
        #expect(different == 0)
    }

    @Test func orientationFromARealJPEGsExifIsApplied() throws {
        // Splice an APP1 Exif segment (orientation 6: rotate clockwise) into a Leptonica JPEG.
        let jpeg = try [UInt8](markedImage().encoded(as: .jpeg))
        let tiff: [UInt8] = [0x49, 0x49, 42, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, 6, 0, 0, 0, 0, 0, 0, 0]
        let exif = Array("Exif".utf8) + [0, 0] + tiff
        let segment: [UInt8] = [0xFF, 0xE1, 0, UInt8(exif.count + 2)] + exif
        let folder = try TemporaryDirectory()
        let url = folder.url.appendingPathComponent("phone.jpg")
        try Data(Array(jpeg[0..<2]) + segment + Array(jpeg[2...])).write(to: url)
        let file = try Ingestor().read(url)
        #expect(file.orientation == 6)
        let upright = try ImageDecoder.decode(file, maxPixels: 1_000_000)
        #expect(upright.width == 20)
        #expect(upright.height == 60)
        #expect(try #require(upright.greyValue(x: 15, y: 4)) < 80)
    }
}
