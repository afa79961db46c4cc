import Foundation

/// The project's own fixtures (Fixtures/ at the package root), found from this file's path
/// because a top-level folder cannot be a test resource bundle.
public enum Fixtures {
    public static let root: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            let candidate = url.appendingPathComponent("Fixtures")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("README.md").path) {
                return candidate
            }
        }
        fatalError("Fixtures/ not found above \(#filePath)")
    }()

    public static var packageRoot: URL { root.deletingLastPathComponent() }

    public static func url(_ relative: String) -> URL {
        root.appendingPathComponent(relative)
    }

    /// The truth written beside each rendered receipt by scripts/make-fixtures.py.
    public struct Truth: Decodable, Sendable {
        public var vendor: String
        public var date: String
        public var total: String
        public var currency: String
        public var payment: String?
        public var tax: String?
        public var language: String
        public var category: String?
        public var variant: String
    }

    public static func truth(for image: URL) throws -> Truth {
        let json = image.deletingPathExtension().appendingPathExtension("json")
        return try JSONDecoder().decode(Truth.self, from: Data(contentsOf: json))
    }

    /// The lines of a fixture folder's `truth.jsonl` (the wild layout `bench accuracy` reads),
    /// decoded as `T`; an unreadable file or line gives none, which the suites' count checks catch.
    public static func truthLines<T: Decodable>(in folder: URL, as type: T.Type = T.self) -> [T] {
        let text = (try? String(contentsOf: folder.appendingPathComponent("truth.jsonl"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { try? JSONDecoder().decode(T.self, from: Data($0.utf8)) }
    }

    /// Every rendered receipt image in Fixtures/receipts, in name order.
    public static func receiptImages() throws -> [URL] {
        let dir = url("receipts")
        return try FileManager.default.contentsOfDirectory(atPath: dir.path)
            .filter { !$0.hasSuffix(".json") && !$0.hasPrefix(".") }
            .sorted()
            .map { dir.appendingPathComponent($0) }
    }
}

/// A fresh temporary directory, removed when the value is released.
public final class TemporaryDirectory: @unchecked Sendable {
    public let url: URL

    public init(_ label: String = "rebut-test") throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// Writes raw bytes (hand-built headers, cut files) and returns the file's URL.
    public func write(_ bytes: [UInt8], named name: String) throws -> URL {
        let target = file(name)
        try Data(bytes).write(to: target)
        return target
    }

    /// Copies fixtures (or any files) into this directory, keeping their names.
    @discardableResult
    public func copy(_ files: [URL], into subfolder: String? = nil) throws -> [URL] {
        var dir = url
        if let subfolder {
            dir = url.appendingPathComponent(subfolder)
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        }
        return try files.map { source in
            let target = dir.appendingPathComponent(source.lastPathComponent)
            try FileManager.default.copyItem(at: source, to: target)
            return target
        }
    }
}
