import Foundation

/// The pages of a TIFF file, counted from its chain of image directories without decoding any.
/// A scanner's document feeder saves a long slip or a bill of several sheets as one multi-page
/// TIFF, and Leptonica's reader reads its first page alone: a total on the second page was lost.
public enum TIFFStructure {
    /// The number of image directories (pages), or nil when the file is no TIFF or its chain is
    /// damaged: an offset outside the file, or a directory met twice (a loop, which would
    /// otherwise never end).
    public static func pageCount(_ data: Data) -> Int? {
        guard data.count >= 8 else { return nil }
        let start = data.startIndex
        let little: Bool
        switch (data[start], data[start + 1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func read(_ offset: Int, _ size: Int) -> Int? {
            guard offset >= 0, offset <= data.count - size else { return nil }
            var value = 0
            for k in 0..<size {
                value = value << 8 | Int(data[start + offset + (little ? size - 1 - k : k)])
            }
            return value
        }
        guard read(2, 2) == 42, var directory = read(4, 4) else { return nil }
        var seen: Set<Int> = []
        while directory != 0 {
            guard seen.insert(directory).inserted, let entries = read(directory, 2),
                  let next = read(directory + 2 + 12 * entries, 4) else { return nil }
            directory = next
        }
        return seen.count
    }
}
