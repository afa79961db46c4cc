import Foundation
import Imaging
import Ingest

extension TemporaryDirectory {
    /// Encodes `image`, writes it, and ingests it the way the pipeline does.
    public func ingest(_ image: LeptonicaImage, as format: ImageFormat = .png, named name: String = "image") throws -> IngestedFile {
        let target = file("\(name).\(format.rawValue)")
        try image.encoded(as: format).write(to: target)
        return try Ingestor().read(target)
    }
}
