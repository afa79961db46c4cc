import Foundation

/// A folder laid out like SROIE: `img/NAME.jpg` beside `key/NAME.json`
/// (`company`, `date`, `address`, `total` as printed on the receipt).
public struct LabelledDataset: Sendable {
    public struct Truth: Sendable, Codable, Hashable {
        public var company: String?
        public var date: String?
        public var address: String?
        public var total: String?
    }

    public struct Sample: Sendable {
        public var name: String
        public var image: URL
        public var truth: Truth
    }

    public let root: URL
    public let samples: [Sample]

    public enum LoadError: Error, CustomStringConvertible {
        case missingFolder(URL)
        case badTruth(URL, String)
        public var description: String {
            switch self {
            case .missingFolder(let url): return "\(url.path): no such folder (expected img/ and key/)"
            case .badTruth(let url, let why): return "\(url.path): unreadable truth: \(why)"
            }
        }
    }

    /// Loads every image that has a truth file, in name order; `limit` keeps the first N.
    public init(root: URL, limit: Int? = nil) throws {
        self.root = root
        let fm = FileManager.default
        let imageDir = root.appendingPathComponent("img")
        let keyDir = root.appendingPathComponent("key")
        guard let images = try? fm.contentsOfDirectory(atPath: imageDir.path),
              fm.fileExists(atPath: keyDir.path) else { throw LoadError.missingFolder(root) }
        var samples: [Sample] = []
        for file in images.sorted() {
            let url = imageDir.appendingPathComponent(file)
            let name = url.deletingPathExtension().lastPathComponent
            let keyURL = keyDir.appendingPathComponent(name + ".json")
            guard let data = fm.contents(atPath: keyURL.path) else { continue }
            do {
                let truth = try JSONDecoder().decode(Truth.self, from: data)
                samples.append(Sample(name: name, image: url, truth: truth))
            } catch {
                throw LoadError.badTruth(keyURL, "\(error)")
            }
            if let limit, samples.count >= limit { break }
        }
        self.samples = samples
    }
}
