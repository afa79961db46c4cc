import Foundation
import Imaging
import Ingest
import RebutCore
import RebutTestSupport
import Testing

@Suite struct ThumbnailTests {
    @Test(arguments: ["formats/receipt.jpg", "formats/receipt.heic", "formats/receipt-rotated.heic", "documents/bill-text.pdf",
                      "wild/img/eng-bluedoor-photo-exif.jpg", "receipts/eng-hotel-skewed.png"])
    func everyFormatGivesASmallGreyJPEGWithinTheBox(name: String) throws {
        let file = try Ingestor().read(Fixtures.url(name))
        let thumbnail = try Thumbnail.make(from: file, maxWidth: 300, maxHeight: 560)
        #expect(thumbnail.width <= 300 && thumbnail.height <= 560)
        #expect(thumbnail.width >= 100 || thumbnail.height >= 500, "scaled down too far: \(thumbnail.width)×\(thumbnail.height)")
        // A real JPEG of that size, one channel, as the PDF embeds it.
        let back = try Ingestor().inspect(thumbnail.jpeg, from: URL(fileURLWithPath: "/tmp/thumbnail.jpg"))
        #expect(back.format == .jpeg)
        let decoded = try ImageDecoder.decode(back, maxPixels: 1_000_000)
        #expect(decoded.width == thumbnail.width && decoded.height == thumbnail.height && decoded.depth == 8)
        // A text PDF is a few KB of vectors; a picture must shrink.
        if file.format != .pdf { #expect(thumbnail.jpeg.count < file.data.count) }
    }

    @Test func aSidewaysPhotoIsTurnedUprightFirst() throws {
        // Stored landscape with EXIF orientation 6: the receipt reads portrait once turned.
        let file = try Ingestor().read(Fixtures.url("wild/img/eng-bluedoor-photo-exif.jpg"))
        #expect(file.orientation != 1)
        let thumbnail = try Thumbnail.make(from: file, maxWidth: 300, maxHeight: 560)
        #expect(thumbnail.height > thumbnail.width)
    }
}
