import Foundation
import Ingest
import RebutCore
import RebutTestSupport
import Testing

/// The project's bad-input and format fixtures, read as the pipeline reads them.
@Suite struct FixtureInputTests {
    @Test(arguments: [("receipt.png", ImageFormat.png), ("receipt.jpg", .jpeg), ("receipt.tif", .tiff), ("receipt.webp", .webp)])
    func formatFixturesAreRecognised(name: String, format: ImageFormat) throws {
        let file = try Ingestor().read(Fixtures.url("formats/\(name)"))
        #expect(file.format == format)
        #expect(file.orientation == 1)
    }

    @Test func badFixturesFailWithTheirReason() {
        #expect(throws: ReceiptInputError.empty) { try Ingestor().read(Fixtures.url("bad/empty.jpg")) }
        #expect(throws: ReceiptInputError.notAnImage("text")) { try Ingestor().read(Fixtures.url("bad/not-an-image.jpg")) }
        #expect(throws: ReceiptInputError.notAnImage("text")) { try Ingestor().read(Fixtures.url("bad/notes.txt")) }
    }

    @Test func aTruncatedJPEGIsRefusedHereAndAFakePNGLeftToTheDecoder() throws {
        // A JPEG's end marker can be checked without decoding; a PNG's body cannot.
        do {
            _ = try Ingestor().read(Fixtures.url("bad/truncated.jpg"))
            Issue.record("the truncated JPEG fixture was accepted")
        } catch {
            guard case .corrupt(let why) = error else { Issue.record("wrong error \(error)"); return }
            #expect(why.contains("truncated"))
        }
        #expect(try Ingestor().read(Fixtures.url("bad/fake.png")).format == .png)
    }

    @Test func phonePhotoCarriesItsExifOrientation() throws {
        let file = try Ingestor().read(Fixtures.url("receipts/eng-grocer-photo.jpg"))
        #expect(file.orientation != 1)
    }
}
