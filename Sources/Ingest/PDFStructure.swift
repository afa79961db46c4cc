import Foundation

/// Checks a PDF's end without parsing it.
enum PDFStructure {
    /// Whether "%%EOF" appears in the last 1024 bytes, where PDF readers expect it (Acrobat
    /// tolerates that much trailing data after it). A file cut short (a half-downloaded bill)
    /// has none; poppler would rebuild what it can and might read a bill without its total.
    static func isComplete(_ data: Data) -> Bool {
        let tail = [UInt8](data.suffix(1024))
        let marker = Array("%%EOF".utf8)
        guard tail.count >= marker.count else { return false }
        return (0...(tail.count - marker.count)).contains { tail[$0..<$0 + marker.count].elementsEqual(marker) }
    }
}
