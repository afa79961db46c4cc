import Foundation
import RebutTestSupport

/// Byte-level builders for the headers the sniffer and the EXIF reader look at.
enum Bytes {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
    static let gif: [UInt8] = Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0]
    static let webp: [UInt8] = Array("RIFF".utf8) + [36, 0, 0, 0] + Array("WEBPVP8 ".utf8) + [0, 0, 0, 0]
    static let pdf: [UInt8] = Array("%PDF-1.7\n%âãÏÓ\n1 0 obj\n<< >>\nendobj\n%%EOF\n".utf8)
    static let bmp: [UInt8] = Array("BM".utf8) + [UInt8](repeating: 0, count: 52)
    static let heic: [UInt8] = [0, 0, 0, 24] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8)
    static let avif: [UInt8] = [0, 0, 0, 24] + Array("ftypavif".utf8) + [0, 0, 0, 0] + Array("mif1avif".utf8)
    /// Major brand "mif1", AV1 only named among the compatible brands.
    static let avifByCompatibleBrand: [UInt8] = [0, 0, 0, 28] + Array("ftypmif1".utf8) + [0, 0, 0, 0] + Array("mif1miafavif".utf8)
    static let heifGeneric: [UInt8] = [0, 0, 0, 24] + Array("ftypmif1".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8)
    static let avifSequence: [UInt8] = [0, 0, 0, 24] + Array("ftypavis".utf8) + [0, 0, 0, 0] + Array("msf1avis".utf8)

    /// A TIFF structure with one IFD holding the orientation tag.
    static func tiff(orientation: UInt16?, bigEndian: Bool) -> [UInt8] {
        func u16(_ v: UInt16) -> [UInt8] { bigEndian ? [UInt8(v >> 8), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func u32(_ v: UInt32) -> [UInt8] {
            bigEndian ? [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
                      : [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)]
        }
        var bytes: [UInt8] = bigEndian ? [0x4D, 0x4D] : [0x49, 0x49]
        bytes += u16(42) + u32(8)
        // Entries: ImageWidth (0x0100) first, so the reader has to walk the IFD.
        let entries: [(UInt16, UInt16, UInt32, [UInt8])] =
            [(0x0100, 3, 1, u16(640) + [0, 0])] + (orientation.map { [(0x0112, 3, 1, u16($0) + [0, 0])] } ?? [])
        bytes += u16(UInt16(entries.count))
        for (tag, type, count, value) in entries { bytes += u16(tag) + u16(type) + u32(count) + value }
        bytes += u32(0)
        return bytes
    }

    /// A JPEG stream head: SOI, an APP0 JFIF segment, optionally APP1 Exif, then SOS.
    static func jpeg(orientation: UInt16?, bigEndian: Bool = false) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        let jfif: [UInt8] = Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        bytes += [0xFF, 0xE0, 0, UInt8(jfif.count + 2)] + jfif
        if let orientation {
            let exif: [UInt8] = Array("Exif".utf8) + [0, 0] + tiff(orientation: orientation, bigEndian: bigEndian)
            bytes += [0xFF, 0xE1, UInt8((exif.count + 2) >> 8), UInt8((exif.count + 2) & 0xFF)] + exif
        }
        bytes += [0xFF, 0xDA, 0, 8, 1, 1, 0, 0, 0x3F, 0] + [UInt8](repeating: 0x55, count: 32) + [0xFF, 0xD9]
        return bytes
    }
}
