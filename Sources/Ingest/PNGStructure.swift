import Foundation

/// Checks a PNG's chunk structure without decoding it.
///
/// libpng reports a damaged file by printing "libpng error: …" on stderr before Leptonica
/// gives up; checking the chunks first (lengths, CRCs, IHDR first, IEND last) turns that into
/// a typed reason naming the damage, and nothing raw reaches the user's terminal.
public enum PNGStructure {
    /// nil when the structure is sound, else what is wrong with it.
    public static func problem(_ data: Data) -> String? {
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> String? in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard bytes.count >= 8 + 25 else { return "the PNG is too short to hold an image" }
            func uint32(at offset: Int) -> UInt32 {
                (UInt32(bytes[offset]) << 24) | (UInt32(bytes[offset + 1]) << 16) | (UInt32(bytes[offset + 2]) << 8) | UInt32(bytes[offset + 3])
            }
            var offset = 8
            var first = true
            while offset + 12 <= bytes.count {
                let length = Int(uint32(at: offset))
                let typeStart = offset + 4
                guard length <= 0x7FFF_FFFF, typeStart + 4 + length + 4 <= bytes.count else {
                    return "the PNG is truncated: a chunk runs past the end of the file"
                }
                let type = String(decoding: UnsafeBufferPointer(rebasing: bytes[typeStart..<typeStart + 4]), as: UTF8.self)
                guard type.utf8.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else {
                    return "the PNG data is damaged: an unreadable chunk at byte \(offset)"
                }
                if first, type != "IHDR" { return "the PNG data is damaged: it does not start with its header chunk" }
                first = false
                let stored = uint32(at: typeStart + 4 + length)
                let computed = CRC32.checksum(UnsafeBufferPointer(rebasing: bytes[typeStart..<typeStart + 4 + length]))
                guard stored == computed else { return "the PNG data is damaged: the \(type) chunk fails its checksum" }
                if type == "IEND" { return nil }
                offset = typeStart + 4 + length + 4
            }
            return "the PNG is truncated: it ends before its end chunk"
        }
    }
}

/// CRC-32 (ISO 3309, as PNG and zlib use it).
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = (c & 1) != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func checksum(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        table.withUnsafeBufferPointer { table in
            for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        }
        return crc ^ 0xFFFF_FFFF
    }
}
