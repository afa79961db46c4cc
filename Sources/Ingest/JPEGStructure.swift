import Foundation

/// Checks a JPEG's marker structure without decoding it.
enum JPEGStructure {
    /// Whether an end-of-image marker (FF D9) follows the last start-of-scan (FF DA).
    ///
    /// A file cut short (a half-synced photo, an interrupted copy) has none, and libjpeg would
    /// "decode" it with the missing part grey and only a warning on stderr. Inside scan data a
    /// 0xFF byte is always followed by 0x00 or a restart marker, so neither marker can appear
    /// by accident; an EXIF thumbnail's own SOS/EOI pair comes before the main image's scan, and
    /// bytes after the EOI (some cameras append data) do not matter.
    static func isComplete(_ data: Data) -> Bool {
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Bool in
            let bytes = raw.bindMemory(to: UInt8.self)
            var lastScan = -1
            var lastEnd = -1
            var i = 0
            while i + 1 < bytes.count {
                if bytes[i] == 0xFF {
                    switch bytes[i + 1] {
                    case 0xDA: lastScan = i
                    case 0xD9: lastEnd = i
                    default: break
                    }
                }
                i += 1
            }
            return lastScan >= 0 && lastEnd > lastScan
        }
    }
}
