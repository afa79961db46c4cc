import Foundation
import RebutCore

/// The three kinds of spending Rebut's users have: a traveller's trips, a landlord's flats,
/// a company's projects. Events of each kind favour the matching group's categories.
public enum CategoryGroup: String, Sendable, Hashable, Codable, CaseIterable {
    case travel, household, project
}

public struct Category: Sendable, Hashable, Codable, Identifiable {
    /// Stable id used in the store and on the command line: lower-case letters, digits, '-'.
    public var id: String
    /// What people read.
    public var name: String
    public var group: CategoryGroup

    public init(id: String, name: String, group: CategoryGroup) {
        self.id = id
        self.name = name
        self.group = group
    }
}

/// A word or phrase to look for, with what finding it is worth.
public struct Keyword: Sendable, Hashable {
    /// As written in the rules file.
    public var text: String
    public var weight: Double
    /// Folded words joined by single spaces ("gas natural").
    let words: String
    /// "restaur*": the last word may continue ("restaurante").
    let openEnd: Bool
    /// "*maut": the first word may be the end of a longer one ("autobahnmaut").
    let openStart: Bool
    /// What `occurs` looks for, as UTF-8: built once, searched on every line of every receipt.
    private let needle: [UInt8]

    /// nil when the keyword has no letters or digits.
    init?(_ text: String, weight: Double) {
        var body = Substring(text)
        let openStart = body.hasPrefix("*")
        if openStart { body = body.dropFirst() }
        let openEnd = body.hasSuffix("*")
        if openEnd { body = body.dropLast() }
        let words = TextFolding.fold(String(body))
        guard !words.isEmpty else { return nil }
        self.text = text
        self.weight = weight
        self.words = words
        self.openEnd = openEnd
        self.openStart = openStart
        self.needle = Array(((openStart ? "" : " ") + words + (openEnd ? "" : " ")).utf8)
    }

    /// Whether the keyword occurs in `padded`, a folded text with a space at each end.
    func occurs(in padded: String) -> Bool {
        // Byte search: folded text is compared exactly, so no Unicode-aware search is needed.
        var haystack = padded
        return haystack.withUTF8 { bytes in
            let n = needle.count
            guard n > 0, bytes.count >= n else { return n == 0 }
            let first = needle[0]
            var start = 0
            while start <= bytes.count - n {
                if bytes[start] == first {
                    var k = 1
                    while k < n && bytes[start + k] == needle[k] { k += 1 }
                    if k == n { return true }
                }
                start += 1
            }
            return false
        }
    }
}

/// What every matched text goes through: the one text fold (`RebutCore.TextFold`), lower-cased,
/// letters and digits only, words separated by single spaces, dotted initialisms joined.
/// "Gaststätte, Café!" → "gaststatte cafe".
enum TextFolding {
    static func fold(_ text: String) -> String {
        let folded = TextFold.fold(text).lowercased()
        // Split into words, remembering what separated each from the previous one.
        var words: [String] = []
        var separators: [String] = []
        var word = "", separator = ""
        for character in folded {
            if character.isLetter || character.isNumber {
                if word.isEmpty { separators.append(separator); separator = "" }
                word.append(character)
            } else {
                if !word.isEmpty { words.append(word); word = "" }
                separator.append(character)
            }
        }
        if !word.isEmpty { words.append(word) }
        // Dotted initialisms are one word: "D.I.Y." and "D. I. Y." read as "diy" (but the "M" of
        // "D.I.Y. (M)" stays apart).
        var joined: [String] = []
        var previousWasInitial = false
        for (index, word) in words.enumerated() {
            let isInitial = word.count == 1 && word.first!.isLetter
            let dotted = separators[index] == "." || separators[index] == ". "
            if isInitial, previousWasInitial, dotted {
                joined[joined.count - 1] += word
            } else {
                joined.append(word)
            }
            previousWasInitial = isInitial
        }
        return joined.joined(separator: " ")
    }

    /// " words … " so a keyword can be matched as whole words with a plain `contains`.
    static func padded(_ text: String) -> String {
        " " + fold(text) + " "
    }
}
