import Foundation
import Imaging
import Ingest
import RebutCore
import RebutTestSupport
import Testing

@Suite struct HEIFMetadataTests {
    @Test func aHEICPhotoGivesTheGPSPositionOfItsEXIFBlock() throws {
        let heic = try Data(contentsOf: Fixtures.url("gps/eng-restaurant-gps.heic"))
        let jpeg = try Ingestor().read(Fixtures.url("gps/eng-restaurant-gps.jpg"))
        let location = try #require(HEIFMetadata.location(in: heic))
        // The same place as the JPEG it was encoded from, west longitude negative.
        #expect(location == jpeg.location)
        #expect(location.longitude < 0 && location.latitude > 51)
    }

    @Test func heicPhotosWithoutGPSAndDamagedFilesHaveNoPlace() throws {
        #expect(HEIFMetadata.location(in: try Data(contentsOf: Fixtures.url("formats/receipt.heic"))) == nil)
        #expect(HEIFMetadata.location(in: try Data(contentsOf: Fixtures.url("bad/truncated.heic"))) == nil)
        #expect(HEIFMetadata.location(in: Data("not a heic".utf8)) == nil)
    }
}
