import Foundation
import RebutCore

/// Text helpers shared by every field: keyword matching happens on folded text (upper case,
/// no diacritics) so one keyword list serves "Fecha", "FECHA" and "fécha" alike.
enum TextNormalisation {
    /// Upper case without diacritics (`TextFold`); keeps currency symbols and punctuation.
    static func fold(_ text: String) -> String { TextFold.fold(text) }

    /// Characters OCR commonly prints instead of digits inside a number.
    static let digitLookalikes: [Character: Character] = [
        "O": "0", "o": "0", "D": "0", "Q": "0",
        "l": "1", "I": "1", "|": "1", "i": "1", "!": "1",
        "S": "5", "s": "5", "$": "5", "§": "5",
        "B": "8", "Z": "2", "z": "2", "g": "9",
    ]

    /// Repairs OCR noise inside numbers so the amount and date patterns can see them:
    /// letters that look like digits inside digit runs, and spaces around a decimal separator
    /// ("9 .00", "33, 92"). Letters are only replaced next to digits or separators, so words stay intact.
    static func repairNumbers(_ text: String) -> String {
        var chars = Array(text)
        func isDigit(_ i: Int) -> Bool { i >= 0 && i < chars.count && chars[i].isASCII && chars[i].isNumber }
        func isSep(_ i: Int) -> Bool { i >= 0 && i < chars.count && (chars[i] == "." || chars[i] == ",") }
        // Two passes so "2O1O" becomes "2010".
        for _ in 0..<2 {
            for i in chars.indices {
                guard let digit = digitLookalikes[chars[i]] else { continue }
                // A lookalike counts only when it sits inside a number: a digit on one side and a
                // digit, separator or end of token on the other, and no letter touching it.
                let left = i - 1, right = i + 1
                let leftLetter = left >= 0 && chars[left].isLetter
                let rightLetter = right < chars.count && chars[right].isLetter
                if leftLetter || rightLetter { continue }
                let leftNumeric = isDigit(left) || (isSep(left) && isDigit(left - 1))
                let rightNumeric = isDigit(right) || (isSep(right) && isDigit(right + 1))
                // "$" and "S" before a number are currency or a word, not a digit, unless a
                // separator follows directly ("$.20" is "5.20" misread).
                if chars[i] == "$" || chars[i] == "S" || chars[i] == "s" {
                    if !(leftNumeric || (isSep(right) && isDigit(right + 1))) { continue }
                }
                if leftNumeric || rightNumeric { chars[i] = digit }
            }
        }
        var out = String(chars)
        // "9 .00" / "9. 00" / "33, 92" → joined, when the part after is exactly two digits.
        // "RM8 60": the decimal point lost right after a currency.
        out = currencySpaceDecimal.stringByReplacingMatches(in: out, range: NSRange(location: 0, length: (out as NSString).length),
                                                            withTemplate: "$1$2.$3")
        // "50,.00" / "3.,50": a doubled separator is one.
        out = out.replacingOccurrences(of: ",.", with: ".").replacingOccurrences(of: ".,", with: ",")
        // "33°20": a decimal point read as a degree sign, between digits and before two of them.
        if out.contains("°") || out.contains("º") {
            out = degreePoint.stringByReplacingMatches(in: out, range: NSRange(location: 0, length: (out as NSString).length),
                                                       withTemplate: "$1.$2")
        }
        guard out.contains(" ") else { return out }
        // "55.1 0" at the end of a line: the last cent digit split off.
        out = splitLastDigit.stringByReplacingMatches(in: out, range: NSRange(location: 0, length: (out as NSString).length),
                                                      withTemplate: "$1$2")
        for pattern in splitDecimals {
            out = pattern.stringByReplacingMatches(in: out, range: NSRange(location: 0, length: (out as NSString).length),
                                                   withTemplate: "$1")
        }
        return out
    }

    private static let currencySpaceDecimal = try! NSRegularExpression(
        pattern: #"((?:RM|€|£|\$|EUR|MYR) ?)(\d{1,5}) (\d{2})(?![\d.,/:-])"#)
    private static let degreePoint = try! NSRegularExpression(pattern: #"(\d)[°º](\d{2})(?![\d°ºC])"#)
    private static let splitLastDigit = try! NSRegularExpression(pattern: #"(\d[.,]\d) (\d)\s*$"#)
    private static let splitDecimals = [
        try! NSRegularExpression(pattern: #"(?<=\d) ?([.,]) (?=\d{2}(?![\d/:-]))"#),
        try! NSRegularExpression(pattern: #"(?<=\d) ([.,])(?=\d{2}(?![\d/:-]))"#),
    ]

    /// Collapses runs of white space and trims.
    static func squeeze(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// Letters and digits only, upper case: the key under which two spellings of a name compare.
    static func alphanumericKey(_ text: String) -> String {
        String(fold(text).unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }
            .map(Character.init))
    }

    /// True when `keyword` occurs in `folded` as whole words (folded text expected).
    static func contains(_ folded: String, word keyword: String) -> Bool {
        var searchRange = folded.startIndex..<folded.endIndex
        while let r = folded.range(of: keyword, range: searchRange) {
            let beforeOK = r.lowerBound == folded.startIndex
                || !folded[folded.index(before: r.lowerBound)].isLetter
            let afterOK = r.upperBound == folded.endIndex || !folded[r.upperBound].isLetter
            if beforeOK && afterOK { return true }
            searchRange = folded.index(after: r.lowerBound)..<folded.endIndex
        }
        return false
    }
}

extension TextNormalisation {
    /// A compiled pattern applied to a whole string: patterns are compiled once, not per line.
    static func replacing(_ pattern: NSRegularExpression, in text: String, with template: String) -> String {
        pattern.stringByReplacingMatches(in: text, range: NSRange(location: 0, length: (text as NSString).length),
                                         withTemplate: template)
    }

    static func matches(_ pattern: NSRegularExpression, _ text: String) -> Bool {
        pattern.firstMatch(in: text, range: NSRange(location: 0, length: (text as NSString).length)) != nil
    }

    /// "(…)" with or without its closing bracket.
    static let parenthesised = try! NSRegularExpression(pattern: #"\([^)]*\)?"#)
}
