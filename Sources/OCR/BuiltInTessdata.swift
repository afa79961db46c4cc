import Foundation

/// Rebut's additions to Tesseract (a receipt vocabulary, number shapes, one variable), kept in
/// the binary rather than in a folder beside it.
///
/// They were once a `tessdata/` folder found beside the executable or in the checkout it was
/// built from. A binary installed as the README says (`install … ~/.local/bin/rebut`), or copied
/// anywhere, found neither and silently read with Tesseract's defaults: the same image gave
/// other words and confidences than the measured build. Tesseract takes word lists only as
/// files named at engine start, so the lists are written once into a cache folder named by
/// their content, which a new version never mistakes for its own.
public enum BuiltInTessdata {
    /// Words receipts print that a general dictionary ranks low: labels of totals, taxes and
    /// payment in the languages Rebut reads.
    public static let userWords = [
        "TOTAL", "SUBTOTAL", "SUB-TOTAL", "GRAND", "ROUNDING", "ROUNDED", "ADJUSTMENT", "CASH", "CHANGE",
        "TENDERED", "GST", "SST", "VAT", "IVA", "TVA", "MWST", "INVOICE", "RECEIPT", "TAX", "QTY", "AMOUNT",
        "AMT", "DISC", "DISCOUNT", "SDN", "BHD", "VISA", "MASTERCARD", "TARJETA", "EFECTIVO", "TOTALE", "SUMME",
    ]

    /// Shapes of dates, times and amounts, in Tesseract's user-pattern syntax.
    public static let userPatterns = [
        #"\d\d/\d\d/\d\d\d\d"#, #"\d\d-\d\d-\d\d\d\d"#, #"\d\d/\d\d/\d\d"#, #"\d\d-\d\d-\d\d"#,
        #"\d\d.\d\d.\d\d\d\d"#, #"\d\d:\d\d:\d\d"#, #"\d\d:\d\d"#, #"\d*.\d\d"#,
    ]

    /// Variables set when an engine starts. Receipts are never printed white on black:
    /// skipping Tesseract's inverted-line retry saves time.
    public static let variables = ["tessedit_do_invert": "0"]

    /// The folder `TesseractEngine` is given (`configs/rebut`, `rebut.user-words`,
    /// `rebut.user-patterns`), written on first use; nil when no folder can be written, and the
    /// engines then start with Tesseract's defaults.
    public static let folder: URL? = materialise()

    static var files: [(path: String, contents: String)] {
        let config = ["# Rebut's Tesseract variables (Sources/OCR/BuiltInTessdata.swift)."]
            + variables.sorted(by: { $0.key < $1.key }).map { "\($0.key) \($0.value)" }
        return [("configs/rebut", config.joined(separator: "\n") + "\n"),
                ("rebut.user-words", userWords.joined(separator: "\n") + "\n"),
                ("rebut.user-patterns", userPatterns.joined(separator: "\n") + "\n")]
    }

    private static func materialise() -> URL? {
        let files = files
        let name = "tessdata-" + String(fnv1a(files.map { $0.path + "\0" + $0.contents }.joined(separator: "\0")), radix: 16)
        let environment = ProcessInfo.processInfo.environment
        var roots: [URL] = []
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { roots.append(URL(fileURLWithPath: cache)) }
        if let home = environment["HOME"], !home.isEmpty { roots.append(URL(fileURLWithPath: home).appendingPathComponent(".cache")) }
        roots.append(FileManager.default.temporaryDirectory)
        for root in roots {
            let folder = root.appendingPathComponent("rebut").appendingPathComponent(name)
            if write(files, into: folder) { return folder }
        }
        return nil
    }

    /// Each file is written whole under a temporary name and renamed, so that two processes
    /// starting at once (the watcher and a scan) never read a half-written list.
    private static func write(_ files: [(path: String, contents: String)], into folder: URL) -> Bool {
        let fm = FileManager.default
        for file in files {
            let target = folder.appendingPathComponent(file.path)
            let data = Data(file.contents.utf8)
            if fm.contents(atPath: target.path) == data { continue }
            do {
                try fm.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                let partial = target.deletingLastPathComponent()
                    .appendingPathComponent(".\(target.lastPathComponent).\(getpid()).partial")
                try data.write(to: partial)
                guard rename(partial.path, target.path) == 0 else { try? fm.removeItem(at: partial); return false }
            } catch {
                return false
            }
        }
        return true
    }

    /// 64-bit FNV-1a: a stable name for the contents (Swift's own hash is seeded per process).
    private static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
