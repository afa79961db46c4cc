import Foundation

/// Why a rules file was refused: where, and what to change.
public struct RulesError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 1-based; 0 when the problem is the file as a whole.
    public var line: Int
    public var reason: String

    public init(line: Int, reason: String) {
        self.line = line
        self.reason = reason
    }

    public var description: String { line > 0 ? "line \(line): \(reason)" : reason }
}

/// One category and the keywords that point to it.
public struct CategoryRule: Sendable, Hashable {
    public var category: Category
    /// Looked for in the vendor's name (or the receipt's header lines when the vendor is unknown).
    public var vendorKeywords: [Keyword]
    /// Looked for anywhere on the receipt.
    public var textKeywords: [Keyword]
}

/// The categories and their keyword rules, read from a small text format meant to be edited by
/// hand (the built-in rules are written in it too; see `builtInText`):
///
/// ```
/// # A comment. Blank lines are ignored.
/// [meals]                       # a category id: lower-case letters, digits, '-'
/// name: Meals                   # optional; defaults to the id
/// group: travel                 # travel | household | project
/// vendor: restaurant*, café     # in the vendor name, worth 3 each
/// text: menu, propina           # anywhere on the receipt, worth 1 each
/// text 2: menú del día          # an explicit weight for this line's keywords
/// ```
///
/// Keywords ignore case and accents and match whole words; `restaur*` matches words starting
/// with "restaur", `*maut` words ending with "maut"; several words match as a phrase.
/// `vendor:` and `text:` lines may repeat; their keywords add up.
public struct CategoryRules: Sendable {
    public static let defaultVendorWeight = 3.0
    public static let defaultTextWeight = 1.0

    public private(set) var rules: [CategoryRule]

    public var categories: [Category] { rules.map(\.category) }

    public func category(id: String) -> Category? {
        rules.first { $0.category.id == id }?.category
    }

    /// The rules Rebut ships with (parsed once; the text is known to be valid — a test checks).
    public static let builtIn: CategoryRules = {
        do { return try CategoryRules(text: builtInText) } catch { fatalError("built-in category rules: \(error)") }
    }()

    public init(rules: [CategoryRule]) {
        self.rules = rules
    }

    public init(contentsOf url: URL) throws {
        let data = try Data(contentsOf: url)
        guard let text = String(data: data, encoding: .utf8) else {
            throw RulesError(line: 0, reason: "\(url.lastPathComponent) is not UTF-8 text")
        }
        try self.init(text: text)
    }

    public init(text: String) throws(RulesError) {
        var parser = RulesParser()
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            try parser.read(String(rawLine), lineNumber: index + 1)
        }
        rules = try parser.finish()
    }
}

/// Line-by-line reader for the rules format.
struct RulesParser {
    private struct Section {
        var id: String
        var line: Int
        var name: String?
        var group: CategoryGroup?
        var vendor: [Keyword] = []
        var text: [Keyword] = []
    }

    private var sections: [Section] = []
    private var firstLineOfId: [String: Int] = [:]

    mutating func read(_ rawLine: String, lineNumber: Int) throws(RulesError) {
        func fail(_ reason: String) -> RulesError { RulesError(line: lineNumber, reason: reason) }
        let content = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first
            .map(String.init) ?? ""
        let line = content.trimmingCharacters(in: .whitespacesAndNewlines)
        if line.isEmpty { return }

        if line.hasPrefix("[") {
            guard line.hasSuffix("]") else { throw fail("a category header looks like [meals]") }
            let id = line.dropFirst().dropLast().trimmingCharacters(in: .whitespaces)
            guard Self.isValidId(id) else {
                throw fail("category id '\(id)' must be lower-case letters and digits, words joined by '-'")
            }
            if let first = firstLineOfId[id] { throw fail("category [\(id)] is already defined on line \(first)") }
            firstLineOfId[id] = lineNumber
            sections.append(Section(id: id, line: lineNumber))
            return
        }

        guard let colon = line.firstIndex(of: ":") else {
            throw fail("expected 'key: value' with key name, group, vendor or text, or a [category] header")
        }
        let head = line[..<colon].split(whereSeparator: \.isWhitespace).map(String.init)
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        guard let key = head.first?.lowercased() else { throw fail("missing key before ':'") }
        guard ["name", "group", "vendor", "text"].contains(key) else {
            throw fail("unknown key '\(head[0])' (expected name, group, vendor or text)")
        }
        guard head.count <= 2 else { throw fail("expected '\(key):' or '\(key) <weight>:'") }
        guard !sections.isEmpty else { throw fail("'\(key):' before any [category] header") }
        var section = sections.removeLast()
        defer { sections.append(section) }

        switch key {
        case "name":
            guard head.count == 1 else { throw fail("'name' takes no weight") }
            guard !value.isEmpty else { throw fail("empty name") }
            guard section.name == nil else { throw fail("[\(section.id)] already has a name") }
            section.name = value
        case "group":
            guard head.count == 1 else { throw fail("'group' takes no weight") }
            guard let group = CategoryGroup(rawValue: value.lowercased()) else {
                throw fail("unknown group '\(value)' (expected "
                    + CategoryGroup.allCases.map(\.rawValue).joined(separator: ", ") + ")")
            }
            guard section.group == nil else { throw fail("[\(section.id)] already has a group") }
            section.group = group
        default:
            var weight = key == "vendor" ? CategoryRules.defaultVendorWeight : CategoryRules.defaultTextWeight
            if head.count == 2 {
                guard let explicit = Double(head[1]), explicit.isFinite, explicit > 0 else {
                    throw fail("weight '\(head[1])' is not a positive number")
                }
                weight = explicit
            }
            let items = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
            guard !items.isEmpty else { throw fail("no keywords after '\(key):'") }
            for item in items {
                guard let keyword = Keyword(item, weight: weight) else {
                    throw fail("keyword '\(item)' has no letters or digits")
                }
                if key == "vendor" { section.vendor.add(keyword) } else { section.text.add(keyword) }
            }
        }
    }

    func finish() throws(RulesError) -> [CategoryRule] {
        guard !sections.isEmpty else { throw RulesError(line: 0, reason: "no categories defined") }
        var rules: [CategoryRule] = []
        for section in sections {
            guard let group = section.group else {
                throw RulesError(line: section.line, reason: "category [\(section.id)] has no 'group:' line")
            }
            rules.append(CategoryRule(category: Category(id: section.id, name: section.name ?? section.id, group: group),
                                      vendorKeywords: section.vendor, textKeywords: section.text))
        }
        return rules
    }

    static func isValidId(_ id: String) -> Bool {
        let words = id.split(separator: "-", omittingEmptySubsequences: false)
        return !id.isEmpty && words.allSatisfy { word in
            !word.isEmpty && word.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
        }
    }
}

private extension Array where Element == Keyword {
    /// "cafe" and "café" are one keyword once folded: counting both would double the evidence.
    mutating func add(_ keyword: Keyword) {
        if let index = firstIndex(where: { $0.words == keyword.words && $0.openStart == keyword.openStart
                                             && $0.openEnd == keyword.openEnd }) {
            self[index].weight = Swift.max(self[index].weight, keyword.weight)
        } else {
            append(keyword)
        }
    }
}
