// The custom mutator of the image-decoding target: libFuzzer hands it a corpus image and it
// returns that image damaged. Three runs in four use one of the structural corruptions below,
// the fourth libFuzzer's own byte-level mutations (bit flips, inserted and erased runs, splices).

import CLibFuzzer
import Foundation

@_cdecl("LLVMFuzzerCustomMutator")
public func mutateImage(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
    var generator = SplitMix(seed: UInt64(seed))
    if generator.next(below: 4) == 0 || size < 16 {
        return LLVMFuzzerMutate(data, size, maxSize)
    }
    var bytes = [UInt8](UnsafeBufferPointer(start: data, count: size))
    var corruptor = ImageCorruptor(generator: generator)
    corruptor.corrupt(&bytes)
    let length = min(bytes.count, maxSize)
    bytes.withUnsafeBufferPointer { data.update(from: $0.baseAddress!, count: length) }
    return length
}

/// Damage of the kinds real image files suffer, aimed at the structures decoders trust.
struct ImageCorruptor {
    var generator: SplitMix

    mutating func corrupt(_ bytes: inout [UInt8]) {
        switch generator.next(below: 10) {
        case 0: truncate(&bytes, keepingEnd: false)
        case 1: truncate(&bytes, keepingEnd: true)
        case 2: damageHeader(&bytes)
        case 3: duplicateOrDropRange(&bytes)
        default:
            if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { damagePNGChunk(&bytes) }
            else if bytes.starts(with: [0xFF, 0xD8]) { damageJPEGSegment(&bytes) }
            else if bytes.starts(with: [0x49, 0x49, 0x2A, 0x00]) || bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) {
                damageTIFFDirectory(&bytes)
            } else { damageHeader(&bytes) }
        }
    }

    /// Cut short, as by an interrupted copy; `keepingEnd` puts the last bytes back (a JPEG's
    /// end-of-image marker) so the file passes the ingest completeness check and the decoder
    /// meets the hole.
    mutating func truncate(_ bytes: inout [UInt8], keepingEnd: Bool) {
        let cut = 1 + generator.next(below: bytes.count - 1)
        let tail = Array(bytes.suffix(2))
        bytes.removeSubrange(cut...)
        if keepingEnd { bytes += tail }
    }

    /// Random byte changes within the first kilobyte, where every format keeps its header. The
    /// signature (first 12 bytes) is kept nine times in ten: a file that is no longer recognised
    /// stops at the sniffer, and libFuzzer's own mutations produce plenty of those.
    mutating func damageHeader(_ bytes: inout [UInt8]) {
        let span = min(bytes.count, 1024)
        let start = span > 24 && generator.next(below: 10) != 0 ? 12 : 0
        for _ in 0..<(1 + generator.next(below: 4)) {
            bytes[start + generator.next(below: span - start)] = interestingByte()
        }
    }

    /// A stretch repeated or lost, as by a bad sector or a broken transfer.
    mutating func duplicateOrDropRange(_ bytes: inout [UInt8]) {
        let start = generator.next(below: bytes.count)
        let length = 1 + generator.next(below: min(4096, bytes.count - start))
        let range = start..<(start + length)
        if generator.next(below: 2) == 0 { bytes.insert(contentsOf: bytes[range], at: start) } else { bytes.removeSubrange(range) }
    }

    /// Changes one chunk's length, type or contents. Contents are re-checksummed half the time
    /// so that libpng gets past the CRC and reads impossible values (IHDR sizes, depths).
    mutating func damagePNGChunk(_ bytes: inout [UInt8]) {
        var chunks: [(start: Int, length: Int)] = []
        var offset = 8
        while offset + 12 <= bytes.count, chunks.count < 64 {
            let length = Int(readBigEndian32(bytes, offset))
            guard length <= bytes.count - offset - 12 else { break }
            chunks.append((offset, length))
            offset += 12 + length
        }
        guard !chunks.isEmpty else { return damageHeader(&bytes) }
        // IHDR (the first chunk) holds the geometry: pick it often.
        let chunk = generator.next(below: 3) == 0 ? chunks[0] : chunks[generator.next(below: chunks.count)]
        switch generator.next(below: 4) {
        case 0: writeBigEndian32(&bytes, chunk.start, UInt32(truncatingIfNeeded: interestingValue()))
        case 1: bytes[chunk.start + 4 + generator.next(below: 4)] = interestingByte()
        default:
            guard chunk.length > 0 else { return }
            for _ in 0..<(1 + generator.next(below: 3)) {
                let position = chunk.start + 8 + generator.next(below: chunk.length)
                bytes[position] = interestingByte()
            }
            if generator.next(below: 2) == 0 {
                let crc = CRC32.of(bytes[(chunk.start + 4)..<(chunk.start + 8 + chunk.length)])
                writeBigEndian32(&bytes, chunk.start + 8 + chunk.length, crc)
            }
        }
    }

    /// Changes one marker segment before the scan (its length, or the frame size, sampling
    /// factors, tables inside it), or damages the entropy-coded data after it.
    mutating func damageJPEGSegment(_ bytes: inout [UInt8]) {
        var segments: [(start: Int, length: Int)] = []
        var offset = 2
        var scanStart = bytes.count
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF, segments.count < 64 {
            let marker = bytes[offset + 1]
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.count else { break }
            segments.append((offset, length))
            offset += 2 + length
            if marker == 0xDA { scanStart = offset; break }
        }
        guard !segments.isEmpty else { return damageHeader(&bytes) }
        if generator.next(below: 3) == 0, scanStart < bytes.count - 2 {
            // Scan data: stray markers and flipped bits in the Huffman stream.
            for _ in 0..<(1 + generator.next(below: 8)) {
                let position = scanStart + generator.next(below: bytes.count - 2 - scanStart)
                bytes[position] = generator.next(below: 4) == 0 ? 0xFF : bytes[position] ^ UInt8(1 << generator.next(below: 8))
            }
            return
        }
        let segment = segments[generator.next(below: segments.count)]
        if generator.next(below: 4) == 0 {
            let length = UInt16(truncatingIfNeeded: interestingValue())
            bytes[segment.start + 2] = UInt8(length >> 8)
            bytes[segment.start + 3] = UInt8(length & 0xFF)
        } else if segment.length > 2 {
            for _ in 0..<(1 + generator.next(below: 3)) {
                bytes[segment.start + 4 + generator.next(below: segment.length - 2)] = interestingByte()
            }
        }
    }

    /// Changes one entry of the first image directory: its type, count or value (sizes,
    /// strip offsets and byte counts, bits per sample, compression).
    mutating func damageTIFFDirectory(_ bytes: inout [UInt8]) {
        let little = bytes[0] == 0x49
        func read16(_ at: Int) -> Int { little ? Int(bytes[at]) | Int(bytes[at + 1]) << 8 : Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
        func read32(_ at: Int) -> Int { little ? read16(at) | read16(at + 2) << 16 : read16(at) << 16 | read16(at + 2) }
        let directory = read32(4)
        guard directory + 2 <= bytes.count else { return damageHeader(&bytes) }
        let entries = min(read16(directory), (bytes.count - directory - 2) / 12)
        guard entries > 0 else { return damageHeader(&bytes) }
        let entry = directory + 2 + 12 * generator.next(below: entries)
        // Field 0: tag, 1: type, 2: count, 3: value or offset.
        let field = [2, 4, 8][generator.next(below: 3)]
        let value = UInt32(truncatingIfNeeded: interestingValue())
        let width = field == 2 ? 2 : 4
        for index in 0..<width {
            let shift = little ? 8 * index : 8 * (width - 1 - index)
            bytes[entry + field + index] = UInt8(truncatingIfNeeded: value >> UInt32(shift))
        }
    }

    mutating func interestingByte() -> UInt8 {
        let values: [UInt8] = [0x00, 0x01, 0x02, 0x07, 0x08, 0x0F, 0x10, 0x20, 0x40, 0x7F, 0x80, 0xFE, 0xFF]
        return generator.next(below: 2) == 0 ? values[generator.next(below: values.count)] : UInt8(generator.next(below: 256))
    }

    mutating func interestingValue() -> Int {
        let values = [0, 1, 2, 3, 7, 8, 16, 255, 256, 4096, 65_535, 65_536, 100_000, 1 << 24, Int(Int32.max), Int(UInt32.max)]
        return values[generator.next(below: values.count)]
    }

    func readBigEndian32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        bytes[at..<(at + 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }

    func writeBigEndian32(_ bytes: inout [UInt8], _ at: Int, _ value: UInt32) {
        for index in 0..<4 { bytes[at + index] = UInt8(truncatingIfNeeded: value >> UInt32(24 - 8 * index)) }
    }
}

/// PNG's chunk checksum (ISO 3309 CRC-32).
enum CRC32 {
    static let table: [UInt32] = (0..<256).map { n in
        (0..<8).reduce(UInt32(n)) { c, _ in c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }

    static func of(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        ~bytes.reduce(~UInt32(0)) { table[Int(($0 ^ UInt32($1)) & 0xFF)] ^ ($0 >> 8) }
    }
}

/// A small seeded generator, so a mutation is reproducible from libFuzzer's seed.
struct SplitMix {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<bound; 0 when bound is not positive.
    mutating func next(below bound: Int) -> Int {
        bound > 0 ? Int(next() % UInt64(bound)) : 0
    }
}
