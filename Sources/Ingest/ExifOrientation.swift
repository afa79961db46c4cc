import Foundation

/// Reads the EXIF orientation tag (0x0112) without decoding the image: phones store photos
/// sideways and only say so here.
enum ExifOrientation {
    /// Orientation from a JPEG's APP1 "Exif" segment; 1 when absent or unreadable.
    static func fromJPEG(_ data: Data) -> Int {
        let bytes = [UInt8](data)
        var offset = 2
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { return 1 }
            let marker = bytes[offset + 1]
            if marker == 0xFF { offset += 1; continue }          // fill byte
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) { offset += 2; continue }
            if marker == 0xDA || marker == 0xD9 { return 1 }      // image data starts: no EXIF before it
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.count else { return 1 }
            let body = offset + 4
            if marker == 0xE1, length >= 8,
               bytes[body..<body + 6].elementsEqual([0x45, 0x78, 0x69, 0x66, 0x00, 0x00]) {
                let tiff = Array(bytes[(body + 6)..<(offset + 2 + length)])
                return fromTIFF(tiff) ?? 1
            }
            offset += 2 + length
        }
        return 1
    }

    /// Orientation from a TIFF structure (a TIFF file or the body of an EXIF segment).
    static func fromTIFF(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 8 else { return nil }
        let little: Bool
        switch (bytes[0], bytes[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= bytes.count else { return nil }
            return little ? Int(bytes[at]) | Int(bytes[at + 1]) << 8 : Int(bytes[at]) << 8 | Int(bytes[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard let a = u16(at), let b = u16(at + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }
        guard u16(2) == 42, let ifd = u32(4), let count = u16(ifd) else { return nil }
        for index in 0..<count {
            let entry = ifd + 2 + index * 12
            guard let tag = u16(entry) else { return nil }
            if tag == 0x0112 {
                guard u16(entry + 2) == 3, let value = u16(entry + 8) else { return nil }  // type SHORT
                return (1...8).contains(value) ? value : nil
            }
        }
        return nil
    }
}
