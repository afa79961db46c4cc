import Crypto
import Foundation
import RebutCore

/// Stage 1: reads a file and says what it is, before any decoder sees it, so that bad input
/// fails with a reason a user can act on rather than a decoder's error.
public struct Ingestor: Sendable {
    /// Larger files are refused unread: no receipt photo needs more, and reading one whole
    /// would waste memory on a mistake (a video dropped into the inbox).
    public let maxFileBytes: Int

    /// 100 MiB: a 50 MP camera JPEG is 15–30 MB, a multi-page scanned PDF can be several times that.
    public init(maxFileBytes: Int = 100 << 20) {
        self.maxFileBytes = maxFileBytes
    }

    public func read(_ url: URL) throws(ReceiptInputError) -> IngestedFile {
        try inspect(readBytes(url), from: url)
    }

    /// What `read` does once the bytes are in memory: sniff, check and hash them. Lets the
    /// image-decoding fuzzer feed the real ingest checks without writing files.
    public func inspect(_ data: Data, from url: URL) throws(ReceiptInputError) -> IngestedFile {
        guard !data.isEmpty else { throw .empty }
        let format: ImageFormat
        switch FormatSniffer.sniff(data) {
        case .image(let found): format = found
        case .unsupportedImage(let name): throw .unsupportedFormat(name)
        case .notAnImage(let what): throw .notAnImage(what)
        }
        let orientation: Int
        var location: GeoPoint?
        switch format {
        case .jpeg:
            guard JPEGStructure.isComplete(data) else {
                throw .corrupt("the JPEG is truncated: it ends before its end-of-image marker")
            }
            orientation = ExifOrientation.fromJPEG(data)
            location = ExifGPS.fromJPEG(data)
        case .tiff:
            // A TIFF cut short loses its later pages' directories, and Leptonica would read
            // the first page alone without a word: the total on the second sheet gone unnoticed.
            guard TIFFStructure.pageCount(data) != nil else {
                throw .corrupt("the TIFF is truncated or damaged: its chain of pages runs past the end of the file")
            }
            orientation = ExifOrientation.fromTIFF([UInt8](data.prefix(1 << 20))) ?? 1
            location = ExifGPS.fromTIFF([UInt8](data.prefix(1 << 20)))
        // A PDF page carries its rotation in the page dictionary, which poppler applies.
        case .pdf:
            guard PDFStructure.isComplete(data) else {
                throw .corrupt("the PDF is truncated: it ends without its %%EOF marker")
            }
            orientation = 1
        // libheif applies a HEIF's own rotation and mirroring (irot/imir) while decoding.
        case .png, .webp, .heic, .avif: orientation = 1
        }
        return IngestedFile(url: url, data: data, sha256: Self.sha256Hex(data),
                            format: format, orientation: orientation, location: location)
    }

    public static func sha256Hex(_ data: Data) -> String {
        SHA256.hash(data: data).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }

    private func readBytes(_ url: URL) throws(ReceiptInputError) -> Data {
        let path = url.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .unreadable("no such file")
        }
        guard !isDirectory.boolValue else { throw .unreadable("it is a folder") }
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int,
           size > maxFileBytes {
            throw .unreadable("the file is \(size) bytes, over the limit of \(maxFileBytes) bytes")
        }
        do {
            let data = try Data(contentsOf: url)
            guard data.count <= maxFileBytes else {
                throw ReceiptInputError.unreadable("the file is \(data.count) bytes, over the limit of \(maxFileBytes) bytes")
            }
            return data
        } catch let error as ReceiptInputError {
            throw error
        } catch {
            guard FileManager.default.isReadableFile(atPath: path) else { throw .unreadable("permission denied") }
            throw .unreadable(error.localizedDescription)
        }
    }
}
