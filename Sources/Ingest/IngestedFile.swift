import Foundation
import RebutCore

/// Input formats Rebut reads: four raster formats Leptonica decodes, HEIC and AVIF photos
/// (libheif), and PDF documents (poppler), which are not one image but pages of text or pictures.
public enum ImageFormat: String, Sendable, Codable, CaseIterable {
    case jpeg, png, tiff, webp, heic, avif, pdf

    /// The formats Leptonica itself reads and writes.
    public static let leptonicaFormats: [ImageFormat] = [.jpeg, .png, .tiff, .webp]

    /// A document of pages rather than one picture.
    public var isDocument: Bool { self == .pdf }
}

/// One input file as read from disk: the bytes, what they are, and how they must be turned
/// upright. The hash identifies the receipt across renames and re-imports.
public struct IngestedFile: Sendable {
    public let url: URL
    public let data: Data
    /// Lower-case hex SHA-256 of `data`.
    public let sha256: String
    public let format: ImageFormat
    /// EXIF orientation 1...8; 1 (upright) when the file carries none.
    public let orientation: Int
    /// Where the photo was taken, from its EXIF GPS tags; nil when it carries none.
    public let location: GeoPoint?

    public init(url: URL, data: Data, sha256: String, format: ImageFormat, orientation: Int,
                location: GeoPoint? = nil) {
        self.url = url
        self.data = data
        self.sha256 = sha256
        self.format = format
        self.orientation = orientation
        self.location = location
    }
}
