import Foundation

/// Image container formats Rebut decodes (Leptonica is built with all four here).
public enum ImageFormat: String, Sendable, Codable, CaseIterable {
    case jpeg, png, tiff, webp
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

    public init(url: URL, data: Data, sha256: String, format: ImageFormat, orientation: Int) {
        self.url = url
        self.data = data
        self.sha256 = sha256
        self.format = format
        self.orientation = orientation
    }
}
