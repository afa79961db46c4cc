import CLeptonica
import Foundation
import Imaging

extension LeptonicaImage {
    /// Writes `pages` as one multi-page TIFF (LZW), as a scanner's document feeder saves them.
    public static func writeMultipageTIFF(_ pages: [LeptonicaImage], to url: URL) throws {
        struct WriteFailed: Error { let page: Int }
        for (index, page) in pages.enumerated() {
            guard pixWriteTiff(url.path, page.pointer, Int32(IFF_TIFF_LZW), index == 0 ? "w" : "a") == 0 else {
                throw WriteFailed(page: index)
            }
        }
    }
}
