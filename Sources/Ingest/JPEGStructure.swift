import Foundation

/// Checks a JPEG's marker structure without decoding it.
enum JPEGStructure {
    /// Whether the main image's end-of-image marker (FF D9) is there, found by walking the
    /// file's segments from its start as a decoder does.
    ///
    /// A file cut short (a half-synced photo, an interrupted copy) has none, and libjpeg would
    /// "decode" it with the missing part grey and only a warning on stderr. The walk skips each
    /// segment by its length (an EXIF thumbnail's own markers lie inside its APP1 segment) and
    /// each scan's entropy-coded data up to its next marker (a 0xFF there is followed by 0x00 or
    /// a restart marker); it stops at the first end-of-image. What follows it does not matter:
    /// a phone's motion photo appends its video there, whose bytes hold the markers FF DA and
    /// FF D9 at random. Scanning the whole file for the last of each refused half of them.
    static func isComplete(_ data: Data) -> Bool {
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Bool in
            let bytes = raw.bindMemory(to: UInt8.self)
            let count = bytes.count
            guard count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return false }
            var i = 2
            while i + 1 < count {
                guard bytes[i] == 0xFF else { return false }
                let marker = bytes[i + 1]
                switch marker {
                case 0xFF:                      // a fill byte before the marker
                    i += 1
                    continue
                case 0xD9:                      // end of image
                    return true
                case 0x01, 0xD0...0xD7:         // markers without a length
                    i += 2
                    continue
                default:
                    break
                }
                guard i + 3 < count else { return false }
                let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
                guard length >= 2 else { return false }
                i += 2 + length
                guard marker == 0xDA else { continue }
                // Entropy-coded data: up to the next marker that is neither stuffing nor a restart.
                while i + 1 < count {
                    if bytes[i] == 0xFF, bytes[i + 1] != 0x00, !(0xD0...0xD7).contains(bytes[i + 1]) { break }
                    i += 1
                }
            }
            return false
        }
    }
}
