import Foundation
import Imaging
import Ingest
import RebutCore
import RebutTestSupport
import Testing

@Suite struct FixtureDecodeTests {
    @Test func allFourContainersDecodeToTheSamePage() throws {
        let sizes = try ["png", "jpg", "tif", "webp"].map { ext in
            let image = try ImageDecoder.decode(Ingestor().read(Fixtures.url("formats/receipt.\(ext)")), maxPixels: 60_000_000)
            return [image.width, image.height]
        }
        #expect(Set(sizes).count == 1)
    }

    @Test(arguments: ["bad/truncated.jpg", "bad/fake.png"])
    func damagedFixturesAreCorrupt(path: String) throws {
        // Straight to the decoder (ingest already refuses the truncated JPEG): it must stand alone.
        let data = try Data(contentsOf: Fixtures.url(path))
        let file = IngestedFile(url: Fixtures.url(path), data: data, sha256: Ingestor.sha256Hex(data),
                                format: path.hasSuffix(".png") ? .png : .jpeg, orientation: 1)
        do {
            _ = try ImageDecoder.decode(file, maxPixels: 60_000_000)
            Issue.record("\(path) decoded")
        } catch {
            guard case .corrupt = error else { Issue.record("expected .corrupt, got \(error)"); return }
        }
    }

    @Test func sidewaysPhotoIsTurnedUpright() throws {
        // Receipts are taller than wide once upright.
        let image = try ImageDecoder.decode(Ingestor().read(Fixtures.url("receipts/eng-grocer-photo.jpg")), maxPixels: 60_000_000)
        #expect(image.height > image.width)
    }
}
