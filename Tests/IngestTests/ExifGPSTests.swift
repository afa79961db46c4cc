import Foundation
import Ingest
import RebutCore
import RebutTestSupport
import Testing

@Suite struct ExifGPSTests {
    @Test func aPhotoWithGPSTagsGivesItsPlaceWithHemispheresSigned() throws {
        let url = Fixtures.url("gps/eng-restaurant-gps.jpg")
        let truth = try JSONSerialization.jsonObject(with: Data(contentsOf: url.deletingPathExtension().appendingPathExtension("json")))
            as! [String: Any]
        let file = try Ingestor().read(url)
        let location = try #require(file.location)
        #expect(abs(location.latitude - (truth["latitude"] as! Double)) < 1e-6)
        // West of Greenwich: negative.
        #expect(location.longitude < 0)
        #expect(abs(location.longitude - (truth["longitude"] as! Double)) < 1e-6)
        #expect(file.orientation == 1)
    }

    @Test func imagesWithoutGPSHaveNoPlace() throws {
        for name in ["formats/receipt.jpg", "wild/img/eng-bluedoor-photo-exif.jpg", "formats/receipt.tif", "formats/receipt.png"] {
            #expect(try Ingestor().read(Fixtures.url(name)).location == nil, "\(name)")
        }
    }

    @Test func aGPSBlockPointingOutsideTheFileIsIgnored() throws {
        var bytes = [UInt8](try Data(contentsOf: Fixtures.url("gps/eng-restaurant-gps.jpg")))
        // Point every RATIONAL offset of the GPS directory far past the end of the file.
        guard let gpsTag = (0..<min(bytes.count, 4096) - 12).first(where: { i in
            bytes[i] == 0x02 && bytes[i + 1] == 0x00 && bytes[i + 2] == 0x05 && bytes[i + 3] == 0x00
        }) else { Issue.record("no little-endian GPSLatitude entry found"); return }
        bytes[gpsTag + 8] = 0xFF; bytes[gpsTag + 9] = 0xFF; bytes[gpsTag + 10] = 0xFF; bytes[gpsTag + 11] = 0x7F
        let file = try Ingestor().inspect(Data(bytes), from: URL(fileURLWithPath: "/tmp/damaged-gps.jpg"))
        #expect(file.location == nil)
    }
}
