import Foundation
import RebutTestSupport
import Ingest
import RebutCore
import Testing

@Suite struct FormatSniffingTests {
    @Test func contentDecidesTheFormatNotTheExtension() throws {
        let folder = try TemporaryDirectory()
        let file = try Ingestor().read(folder.write(Bytes.png, named: "photo.jpg"))
        #expect(file.format == .png)
        #expect(try Ingestor().read(folder.write(Bytes.jpeg(orientation: nil), named: "scan.png")).format == .jpeg)
        #expect(try Ingestor().read(folder.write(Bytes.webp, named: "x.bin")).format == .webp)
        #expect(try Ingestor().read(folder.write(Bytes.tiff(orientation: nil, bigEndian: true), named: "a")).format == .tiff)
        #expect(try Ingestor().read(folder.write(Bytes.tiff(orientation: nil, bigEndian: false), named: "b")).format == .tiff)
    }

    @Test func emptyFileIsReportedAsEmpty() throws {
        let folder = try TemporaryDirectory()
        #expect(throws: ReceiptInputError.empty) { try Ingestor().read(folder.write([], named: "empty.jpg")) }
    }

    @Test func textFileIsNotAnImageAndSaysItIsText() throws {
        let folder = try TemporaryDirectory()
        let url = try folder.write(Array("TOTAL 12.50\nThank you, ¡gràcies!\n".utf8), named: "receipt.jpg")
        #expect(throws: ReceiptInputError.notAnImage("text")) { try Ingestor().read(url) }
    }

    @Test func pdfHEICAndAVIFAreRecognisedByContentNotName() throws {
        let folder = try TemporaryDirectory()
        #expect(try Ingestor().read(folder.write(Bytes.pdf, named: "invoice.png")).format == .pdf)
        #expect(try Ingestor().read(folder.write(Bytes.heic, named: "c.jpg")).format == .heic)
        #expect(try Ingestor().read(folder.write(Bytes.avif, named: "d.jpg")).format == .avif)
        #expect(try Ingestor().read(folder.write(Bytes.heic, named: "c.jpg")).orientation == 1)
        #expect(try Ingestor().read(folder.write(Bytes.avifByCompatibleBrand, named: "f.heic")).format == .avif)
        #expect(try Ingestor().read(folder.write(Bytes.heifGeneric, named: "g.heif")).format == .heic)
    }

    @Test func aPDFWithoutItsEndMarkerIsTruncated() throws {
        let folder = try TemporaryDirectory()
        let cut = Array(Bytes.pdf.prefix(Bytes.pdf.count - 7))
        #expect(throws: ReceiptInputError.corrupt("the PDF is truncated: it ends without its %%EOF marker")) {
            try Ingestor().read(folder.write(cut, named: "bill.pdf"))
        }
        // Up to 1024 bytes may follow the marker, as readers allow.
        let trailing = Bytes.pdf + [UInt8](repeating: 0x20, count: 1000)
        #expect(try Ingestor().read(folder.write(trailing, named: "bill2.pdf")).format == .pdf)
        #expect(throws: ReceiptInputError.self) { try Ingestor().read(Fixtures.url("bad/truncated.pdf")) }
    }

    @Test func otherImageFormatsAreUnsupportedByName() throws {
        let folder = try TemporaryDirectory()
        #expect(throws: ReceiptInputError.unsupportedFormat("GIF")) { try Ingestor().read(folder.write(Bytes.gif, named: "a.jpg")) }
        #expect(throws: ReceiptInputError.unsupportedFormat("BMP")) { try Ingestor().read(folder.write(Bytes.bmp, named: "b.jpg")) }
        #expect(throws: ReceiptInputError.unsupportedFormat("AVIF image sequence")) {
            try Ingestor().read(folder.write(Bytes.avifSequence, named: "e.avif"))
        }
    }

    @Test func binaryJunkIsNotAnImage() throws {
        let folder = try TemporaryDirectory()
        let url = try folder.write([0x00, 0x13, 0x37, 0x00, 0xFE, 0x01, 0x02, 0x9C], named: "x.jpg")
        #expect(throws: ReceiptInputError.notAnImage("unrecognised binary data")) { try Ingestor().read(url) }
    }

    @Test func missingFileAndFolderAreUnreadable() throws {
        let folder = try TemporaryDirectory()
        #expect(throws: ReceiptInputError.unreadable("no such file")) {
            try Ingestor().read(folder.url.appendingPathComponent("nope.jpg"))
        }
        #expect(throws: ReceiptInputError.unreadable("it is a folder")) { try Ingestor().read(folder.url) }
    }

    @Test func filesOverTheSizeLimitAreRefused() throws {
        let folder = try TemporaryDirectory()
        let url = try folder.write(Bytes.png + [UInt8](repeating: 0, count: 100), named: "big.png")
        do {
            _ = try Ingestor(maxFileBytes: 64).read(url)
            Issue.record("a file over the limit was accepted")
        } catch {
            guard case .unreadable(let why) = error else { Issue.record("wrong error \(error)"); return }
            #expect(why.contains("over the limit of 64 bytes"))
        }
    }

    @Test func aJPEGCutShortIsRefusedAsTruncated() throws {
        let folder = try TemporaryDirectory()
        let whole = Bytes.jpeg(orientation: 6)
        let url = try folder.write(Array(whole.dropLast(10)), named: "cut.jpg")
        do {
            _ = try Ingestor().read(url)
            Issue.record("a truncated JPEG was accepted")
        } catch {
            guard case .corrupt(let why) = error else { Issue.record("wrong error \(error)"); return }
            #expect(why.contains("truncated"))
        }
    }

    @Test func bytesAfterTheEndOfImageDoNotMatter() throws {
        // Some cameras append data after the end-of-image marker.
        let folder = try TemporaryDirectory()
        let url = try folder.write(Bytes.jpeg(orientation: nil) + [UInt8](repeating: 0x42, count: 40), named: "tail.jpg")
        #expect(try Ingestor().read(url).format == .jpeg)
    }

    /// A phone's motion photo appends its video after the image's end: the video's bytes hold
    /// FF DA (start of scan) and FF D9 (end of image) at random, and half of such photos were
    /// refused as truncated when the file was searched for the last of each.
    @Test func aMotionPhotosVideoAfterTheEndOfImageIsNoTruncation() throws {
        let folder = try TemporaryDirectory()
        let video: [UInt8] = Array("MotionPhoto_Data....ftypmp42".utf8) + [0xFF, 0xD9, 0x12, 0xFF, 0xDA, 0x00, 0x10] + [UInt8](repeating: 0x37, count: 64)
        #expect(try Ingestor().read(folder.write(Bytes.jpeg(orientation: 6) + video, named: "motion.jpg")).format == .jpeg)
    }

    /// A progressive JPEG has many scans, each with restart markers in its data: all are walked
    /// to the end of image, and one cut after its first scan is still truncated.
    @Test func everyScanOfAProgressiveJPEGIsWalked() throws {
        let folder = try TemporaryDirectory()
        let scan: [UInt8] = [0xFF, 0xDA, 0, 8, 1, 1, 0, 0, 0x3F, 0] + [0x55, 0xFF, 0x00, 0x55, 0xFF, 0xD0, 0x55, 0x55]
        let header = Array(Bytes.jpeg(orientation: nil).prefix { $0 != 0xDA }.dropLast())
        let whole = header + scan + scan + scan + [0xFF, 0xD9]
        #expect(try Ingestor().read(folder.write(whole, named: "progressive.jpg")).format == .jpeg)
        #expect(throws: ReceiptInputError.self) {
            try Ingestor().read(folder.write(header + scan + Array(scan.prefix(6)), named: "cut.jpg"))
        }
    }

    @Test func aThumbnailsEndMarkerDoesNotHideATruncatedMainImage() throws {
        // An EXIF thumbnail is a whole JPEG (with its own scan and end marker) before the main scan.
        let folder = try TemporaryDirectory()
        let thumbnail = Bytes.jpeg(orientation: nil)
        var bytes = Bytes.jpeg(orientation: 1)
        bytes.insert(contentsOf: [0xFF, 0xE2, UInt8((thumbnail.count + 2) >> 8), UInt8((thumbnail.count + 2) & 0xFF)] + thumbnail, at: 2)
        #expect(try Ingestor().read(folder.write(bytes, named: "whole.jpg")).format == .jpeg)
        #expect(throws: ReceiptInputError.self) {
            try Ingestor().read(folder.write(Array(bytes.dropLast(2)), named: "cut.jpg"))
        }
    }
}

@Suite struct ExifOrientationTests {
    @Test(arguments: [1, 3, 6, 8])
    func orientationIsReadFromJPEGApp1(orientation: Int) throws {
        let folder = try TemporaryDirectory()
        let little = try Ingestor().read(folder.write(Bytes.jpeg(orientation: UInt16(orientation)), named: "l.jpg"))
        let big = try Ingestor().read(folder.write(Bytes.jpeg(orientation: UInt16(orientation), bigEndian: true), named: "b.jpg"))
        #expect(little.orientation == orientation)
        #expect(big.orientation == orientation)
    }

    @Test func jpegWithoutExifIsUpright() throws {
        let folder = try TemporaryDirectory()
        #expect(try Ingestor().read(folder.write(Bytes.jpeg(orientation: nil), named: "a.jpg")).orientation == 1)
    }

    @Test func orientationIsReadFromTIFF() throws {
        let folder = try TemporaryDirectory()
        let file = try Ingestor().read(folder.write(Bytes.tiff(orientation: 8, bigEndian: false), named: "a.tif"))
        #expect(file.orientation == 8)
    }

    @Test func invalidOrientationValueCountsAsUpright() throws {
        let folder = try TemporaryDirectory()
        #expect(try Ingestor().read(folder.write(Bytes.jpeg(orientation: 42), named: "a.jpg")).orientation == 1)
    }
}

@Suite struct HashTests {
    @Test func sha256MatchesTheStandardVectors() {
        #expect(Ingestor.sha256Hex(Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(Ingestor.sha256Hex(Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func ingestedFileCarriesTheHashOfItsBytes() throws {
        let folder = try TemporaryDirectory()
        let file = try Ingestor().read(folder.write(Bytes.png, named: "a.png"))
        #expect(file.sha256 == Ingestor.sha256Hex(Data(Bytes.png)))
        #expect(file.sha256.count == 64)
    }
}
