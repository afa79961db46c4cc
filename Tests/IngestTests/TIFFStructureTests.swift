import Foundation
import Ingest
import RebutTestSupport
import Testing

/// Counting a TIFF's pages from its directory chain, in both byte orders, and refusing a chain
/// that leaves the file or loops.
@Suite struct TIFFStructureTests {
    /// A TIFF header and `directories` empty directories chained one after the other; `loop`
    /// points the last back at the first.
    static func tiff(littleEndian: Bool, directories: Int, loop: Bool = false) -> Data {
        func bytes(_ value: Int, _ size: Int) -> [UInt8] {
            let big = (0..<size).map { UInt8((value >> (8 * (size - 1 - $0))) & 0xFF) }
            return littleEndian ? big.reversed() : big
        }
        var out: [UInt8] = littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]
        out += bytes(42, 2) + bytes(8, 4)
        for k in 0..<directories {
            let next = k == directories - 1 ? (loop ? 8 : 0) : out.count + 6
            out += bytes(0, 2) + bytes(next, 4)
        }
        return Data(out)
    }

    @Test(arguments: [true, false])
    func pagesAreCountedInEitherByteOrder(littleEndian: Bool) {
        #expect(TIFFStructure.pageCount(Self.tiff(littleEndian: littleEndian, directories: 1)) == 1)
        #expect(TIFFStructure.pageCount(Self.tiff(littleEndian: littleEndian, directories: 3)) == 3)
    }

    @Test func aChainThatLoopsOrLeavesTheFileIsDamaged() {
        #expect(TIFFStructure.pageCount(Self.tiff(littleEndian: true, directories: 2, loop: true)) == nil)
        let cut = Self.tiff(littleEndian: true, directories: 2).dropLast(3)
        #expect(TIFFStructure.pageCount(Data(cut)) == nil)
        #expect(TIFFStructure.pageCount(Data("not a tiff at all".utf8)) == nil)
    }

    @Test func theFixtureScanHasOnePage() throws {
        #expect(TIFFStructure.pageCount(try Data(contentsOf: Fixtures.url("formats/receipt.tif"))) == 1)
    }
}
