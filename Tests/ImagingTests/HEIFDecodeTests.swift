import Foundation
import Imaging
import Ingest
import RebutCore
import RebutTestSupport
import Testing

/// HEIC and AVIF through the real libheif, against the PNG they were encoded from.
@Suite struct HEIFDecodeTests {
    @Test(arguments: ["receipt.heic", "receipt.avif"])
    func decodesToTheSamePixelsAsTheOriginal(name: String) throws {
        let file = try Ingestor().read(Fixtures.url("formats/\(name)"))
        #expect(file.format == (name.hasSuffix("heic") ? .heic : .avif))
        let decoded = try ImageDecoder.decode(file, maxPixels: 10_000_000)
        let original = try ImageDecoder.decode(Ingestor().read(Fixtures.url("formats/receipt.png")), maxPixels: 10_000_000)
        #expect(decoded.depth == 32)
        #expect(decoded.width == original.width)
        #expect(decoded.height == original.height)
        // Lossy at quality 60: compare a sample of pixels loosely, ink and paper alike.
        var differences: [Int] = []
        for y in stride(from: 0, to: original.height, by: 7) {
            for x in stride(from: 0, to: original.width, by: 7) {
                differences.append(abs(try #require(decoded.greyValue(x: x, y: y)) - (try #require(original.greyValue(x: x, y: y)))))
            }
        }
        let mean = Double(differences.reduce(0, +)) / Double(differences.count)
        #expect(mean < 8, "mean grey difference \(mean)")
        #expect(differences.filter { $0 > 100 }.count < differences.count / 100)
    }

    /// Stored sideways with an irot box (and EXIF Orientation 6, as an iPhone writes a portrait
    /// photo): libheif turns it upright, and the EXIF tag is not applied a second time.
    @Test func aSidewaysHEICWithARotationBoxComesOutUpright() throws {
        let file = try Ingestor().read(Fixtures.url("formats/receipt-rotated.heic"))
        #expect(file.orientation == 1)
        let decoded = try ImageDecoder.decode(file, maxPixels: 10_000_000)
        let original = try ImageDecoder.decode(Ingestor().read(Fixtures.url("formats/receipt.png")), maxPixels: 10_000_000)
        #expect(decoded.width == original.width)
        #expect(decoded.height == original.height)
        var agree = 0, total = 0
        for y in stride(from: 0, to: original.height, by: 6) {
            for x in stride(from: 0, to: original.width, by: 6) {
                total += 1
                if ((try #require(decoded.greyValue(x: x, y: y))) < 128) == ((try #require(original.greyValue(x: x, y: y))) < 128) {
                    agree += 1
                }
            }
        }
        #expect(Double(agree) / Double(total) > 0.97)
    }

    /// Over the budget only the luma plane is decoded (HEVC has no reduced decoding), then scaled down.
    @Test func aHEICOverTheBudgetIsDecodedGreyAndScaledDown() throws {
        let file = try Ingestor().read(Fixtures.url("formats/receipt.heic"))
        let whole = try ImageDecoder.decode(file, maxPixels: 10_000_000)
        let budget = whole.width * whole.height / 4
        let reduced = try ImageDecoder.decode(file, maxPixels: 10_000_000, pixelBudget: budget)
        #expect(reduced.depth == 8)
        #expect(reduced.width * reduced.height <= budget)
        #expect(abs(reduced.width - whole.width / 2) <= 2)
        // Same picture: the paper is white and the ink dark in the same places.
        var agree = 0, total = 0
        for y in stride(from: 0, to: reduced.height, by: 5) {
            for x in stride(from: 0, to: reduced.width, by: 5) {
                let dark = (try #require(reduced.greyValue(x: x, y: y))) < 128
                let wasDark = (try #require(whole.greyValue(x: min(whole.width - 1, x * 2), y: min(whole.height - 1, y * 2)))) < 128
                total += 1
                if dark == wasDark { agree += 1 }
            }
        }
        #expect(Double(agree) / Double(total) > 0.95)
    }

    @Test func aTruncatedHEICIsCorruptWithLibheifsReason() throws {
        let file = try Ingestor().read(Fixtures.url("bad/truncated.heic"))
        #expect(file.format == .heic)
        do {
            _ = try ImageDecoder.decode(file, maxPixels: 10_000_000)
            Issue.record("a truncated HEIC decoded")
        } catch {
            guard case .corrupt(let reason) = error else { Issue.record("expected .corrupt, got \(error)"); return }
            #expect(reason.contains("HEIC data is damaged or truncated"))
            #expect(!reason.hasSuffix("\n"))
        }
    }

    @Test func aHEICOverThePixelLimitIsRefusedBeforeDecoding() throws {
        let file = try Ingestor().read(Fixtures.url("formats/receipt.heic"))
        do {
            _ = try ImageDecoder.decode(file, maxPixels: 1000)
            Issue.record("decoded over the limit")
        } catch {
            guard case .tooLarge(let width, _, let limit) = error else { Issue.record("expected .tooLarge, got \(error)"); return }
            #expect(width == 720)
            #expect(limit == 1000)
        }
    }
}
