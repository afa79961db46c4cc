import Foundation
import RebutTestSupport
import Testing

@Suite struct InstalledBinaryCLITests {
    /// A binary installed as the README says (`install … ~/.local/bin/rebut`) has no checkout
    /// beside it; it once read with Tesseract's defaults there, other words and confidences than
    /// the build that was measured. It must start its engines with Rebut's own word lists.
    @Test func aCopiedBinaryReadsWithRebutsOwnWordLists() throws {
        let dir = try TemporaryDirectory()
        try dir.copy([RebutBinary.executable], into: "bin")
        try dir.copy([Fixtures.url("formats/receipt.png")], into: "set/img")
        try Data(#"{"id": "receipt", "vendor": "A", "date": "2019-01-01", "total": "1.00"}"#.utf8)
            .write(to: dir.file("set/truth.jsonl"))
        var rebut = RebutBinary(store: dir.file("store.sqlite"))
        rebut.program = dir.file("bin/rebut")
        rebut.environment["REBUT_TESSDATA"] = nil
        rebut.environment["XDG_CACHE_HOME"] = dir.file("cache").path
        let run = try rebut.run(["bench", "ocr", "--dataset", dir.file("set").path, "--jobs", "1"])
        #expect(run.status == 0, "\(run.stderr)")
        // `bench ocr`'s header names the folder the engines started with: "project-tessdata PATH".
        let tokens = run.stdout.split(whereSeparator: \.isWhitespace).map(String.init)
        let label = try #require(tokens.firstIndex(of: "project-tessdata"))
        let folder = try #require(tokens.dropFirst(label + 1).first)
        #expect(folder.hasPrefix(dir.file("cache").path), "engines started with \(folder)")
        let words = try String(contentsOfFile: folder + "/rebut.user-words", encoding: .utf8)
        #expect(words.split(separator: "\n").contains("SUBTOTAL"))
        let config = try String(contentsOfFile: folder + "/configs/rebut", encoding: .utf8)
        #expect(config.contains("tessedit_do_invert 0"))
    }
}
