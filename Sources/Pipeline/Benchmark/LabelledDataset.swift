import Foundation

/// A labelled folder of receipts, in either of two layouts:
/// - SROIE: `img/NAME.jpg` beside `key/NAME.json` (`company`, `date`, `address`, `total` as printed);
/// - wild: `img/ID.*` plus one `truth.jsonl` line per image, `{"id","vendor","date","total"}` with
///   ISO dates and an optional `"variant"` (how the receipt was captured: photo, page-grey, …),
///   as `scripts/make-wild.py` writes it.
public struct LabelledDataset: Sendable {
    public struct Truth: Sendable, Codable, Hashable {
        public var company: String?
        public var date: String?
        public var address: String?
        public var total: String?

        public init(company: String?, date: String?, address: String?, total: String?) {
            self.company = company
            self.date = date
            self.address = address
            self.total = total
        }
    }

    public struct Sample: Sendable {
        public var name: String
        public var image: URL
        public var truth: Truth
        /// The capture variant from `truth.jsonl`; nil in the SROIE layout.
        public var variant: String?
    }

    public let root: URL
    public let samples: [Sample]

    public enum LoadError: Error, CustomStringConvertible {
        case missingFolder(URL)
        case badTruth(URL, String)
        public var description: String {
            switch self {
            case .missingFolder(let url): return "\(url.path): no such folder (expected img/ with key/ or truth.jsonl)"
            case .badTruth(let url, let why): return "\(url.path): unreadable truth: \(why)"
            }
        }
    }

    /// One line of `truth.jsonl`.
    private struct TruthLine: Decodable {
        var id: String
        var vendor: String?
        var date: String?
        var total: String?
        var variant: String?
    }

    /// Loads every image that has a truth, in name order; `limit` keeps the first N.
    public init(root: URL, limit: Int? = nil) throws {
        self.root = root
        let fm = FileManager.default
        let imageDir = root.appendingPathComponent("img")
        guard let images = try? fm.contentsOfDirectory(atPath: imageDir.path) else { throw LoadError.missingFolder(root) }
        let truthLines = root.appendingPathComponent("truth.jsonl")
        var samples: [Sample]
        if fm.fileExists(atPath: truthLines.path) {
            samples = try Self.wildSamples(truthLines, imageDir: imageDir, images: images)
        } else if fm.fileExists(atPath: root.appendingPathComponent("key").path) {
            samples = try Self.sroieSamples(keyDir: root.appendingPathComponent("key"), imageDir: imageDir, images: images)
        } else {
            throw LoadError.missingFolder(root)
        }
        samples.sort { $0.name < $1.name }
        if let limit { samples = Array(samples.prefix(limit)) }
        self.samples = samples
    }

    private static func sroieSamples(keyDir: URL, imageDir: URL, images: [String]) throws -> [Sample] {
        var samples: [Sample] = []
        for file in images where !file.hasPrefix(".") {
            let url = imageDir.appendingPathComponent(file)
            let name = url.deletingPathExtension().lastPathComponent
            let keyURL = keyDir.appendingPathComponent(name + ".json")
            guard let data = FileManager.default.contents(atPath: keyURL.path) else { continue }
            do {
                samples.append(Sample(name: name, image: url, truth: try JSONDecoder().decode(Truth.self, from: data)))
            } catch {
                throw LoadError.badTruth(keyURL, "\(error)")
            }
        }
        return samples
    }

    /// Each truth line names its image as `img/ID.*`; a line without an image is an error, an
    /// image without a line is ignored (so a folder can hold unlabelled files too).
    private static func wildSamples(_ truthLines: URL, imageDir: URL, images: [String]) throws -> [Sample] {
        var imageByID: [String: URL] = [:]
        for file in images.sorted() where !file.hasPrefix(".") {
            let url = imageDir.appendingPathComponent(file)
            imageByID[url.deletingPathExtension().lastPathComponent] = imageByID[url.deletingPathExtension().lastPathComponent] ?? url
        }
        let text: String
        do { text = try String(contentsOf: truthLines, encoding: .utf8) } catch { throw LoadError.badTruth(truthLines, "\(error)") }
        var samples: [Sample] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: true).enumerated()
        where !line.allSatisfy(\.isWhitespace) {
            let entry: TruthLine
            do {
                entry = try JSONDecoder().decode(TruthLine.self, from: Data(line.utf8))
            } catch {
                throw LoadError.badTruth(truthLines, "line \(index + 1): \(error)")
            }
            guard let image = imageByID[entry.id] else {
                throw LoadError.badTruth(truthLines, "line \(index + 1): no image img/\(entry.id).*")
            }
            samples.append(Sample(name: entry.id, image: image,
                                  truth: Truth(company: entry.vendor, date: entry.date, address: nil, total: entry.total),
                                  variant: entry.variant))
        }
        return samples
    }
}
