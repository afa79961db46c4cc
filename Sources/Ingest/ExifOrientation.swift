import Foundation
import RebutCore

/// Reads the EXIF orientation tag (0x0112) without decoding the image: phones store photos
/// sideways and only say so here. The GPS position sits in the same block (see `ExifGPS`).
enum ExifOrientation {
    /// Orientation from a JPEG's APP1 "Exif" segment; 1 when absent or unreadable.
    static func fromJPEG(_ data: Data) -> Int {
        exifTIFF(inJPEG: data).flatMap(fromTIFF) ?? 1
    }

    /// The TIFF structure inside a JPEG's APP1 "Exif" segment, if there is one before the image data.
    static func exifTIFF(inJPEG data: Data) -> [UInt8]? {
        let bytes = [UInt8](data.prefix(1 << 20))
        var offset = 2
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { return nil }
            let marker = bytes[offset + 1]
            if marker == 0xFF { offset += 1; continue }          // fill byte
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) { offset += 2; continue }
            if marker == 0xDA || marker == 0xD9 { return nil }    // image data starts: no EXIF before it
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.count else { return nil }
            let body = offset + 4
            if marker == 0xE1, length >= 8,
               bytes[body..<body + 6].elementsEqual([0x45, 0x78, 0x69, 0x66, 0x00, 0x00]) {
                return Array(bytes[(body + 6)..<(offset + 2 + length)])
            }
            offset += 2 + length
        }
        return nil
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

/// The GPS position a phone writes into EXIF (the GPS IFD, pointed to by tag 0x8825 of IFD0):
/// degrees, minutes and seconds as three RATIONALs, the hemisphere as the letters N/S and E/W.
/// Public for HEIC photos, whose EXIF block libheif hands to Imaging.
public enum ExifGPS {
    static func fromJPEG(_ data: Data) -> GeoPoint? {
        ExifOrientation.exifTIFF(inJPEG: data).flatMap(fromTIFF)
    }

    public static func fromTIFF(_ bytes: [UInt8]) -> GeoPoint? {
        let reader = TIFFReader(bytes)
        guard let reader, let ifd0 = reader.u32(4),
              let gpsEntry = reader.entry(tag: 0x8825, inIFDAt: ifd0),
              let gpsIFD = reader.u32(gpsEntry + 8) else { return nil }
        guard let latitude = reader.degrees(tag: 2, inIFDAt: gpsIFD),
              let longitude = reader.degrees(tag: 4, inIFDAt: gpsIFD) else { return nil }
        // A missing reference letter is taken as N/E, as exiftool does; S and W make it negative.
        let south = reader.asciiLetter(tag: 1, inIFDAt: gpsIFD) == "S"
        let west = reader.asciiLetter(tag: 3, inIFDAt: gpsIFD) == "W"
        return GeoPoint(latitude: south ? -latitude : latitude, longitude: west ? -longitude : longitude)
    }

    /// Bounds-checked reads of a TIFF structure in its own byte order.
    private struct TIFFReader {
        let bytes: [UInt8]
        let little: Bool

        init?(_ bytes: [UInt8]) {
            guard bytes.count >= 8 else { return nil }
            switch (bytes[0], bytes[1]) {
            case (0x49, 0x49): little = true
            case (0x4D, 0x4D): little = false
            default: return nil
            }
            self.bytes = bytes
            guard u16(2) == 42 else { return nil }
        }

        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= bytes.count else { return nil }
            return little ? Int(bytes[at]) | Int(bytes[at + 1]) << 8 : Int(bytes[at]) << 8 | Int(bytes[at + 1])
        }

        func u32(_ at: Int) -> Int? {
            guard let a = u16(at), let b = u16(at + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }

        /// The offset of the 12-byte directory entry with this tag.
        func entry(tag: Int, inIFDAt ifd: Int) -> Int? {
            guard let count = u16(ifd), count < 1000 else { return nil }
            for index in 0..<count {
                let entry = ifd + 2 + index * 12
                guard let found = u16(entry) else { return nil }
                if found == tag { return entry }
            }
            return nil
        }

        /// An ASCII value of one letter (count 2 with its NUL), stored inside the entry.
        func asciiLetter(tag: Int, inIFDAt ifd: Int) -> Character? {
            guard let entry = entry(tag: tag, inIFDAt: ifd), u16(entry + 2) == 2,
                  entry + 8 < bytes.count else { return nil }
            return Character(Unicode.Scalar(bytes[entry + 8]))
        }

        /// Three RATIONALs (degrees, minutes, seconds) as decimal degrees.
        func degrees(tag: Int, inIFDAt ifd: Int) -> Double? {
            guard let entry = entry(tag: tag, inIFDAt: ifd), u16(entry + 2) == 5,
                  let count = u32(entry + 4), count == 3, let offset = u32(entry + 8) else { return nil }
            var parts: [Double] = []
            for index in 0..<3 {
                guard let numerator = u32(offset + index * 8), let denominator = u32(offset + index * 8 + 4),
                      denominator != 0 else { return nil }
                parts.append(Double(numerator) / Double(denominator))
            }
            guard parts[1] < 60, parts[2] < 60 else { return nil }
            return parts[0] + parts[1] / 60 + parts[2] / 3600
        }
    }
}
