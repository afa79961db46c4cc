import Foundation
import RebutCore

/// What identifies the issuer of a receipt besides its name: registration and tax numbers, phone
/// numbers and the address lines of its header.
struct VendorFingerprint: Sendable, Hashable {
    var identifiers: [String: Int] = [:]
    var phones: [String: Int] = [:]
    var addressLines: [String: Int] = [:]

    /// Lines below this are items and totals: a number there is an invoice or card number.
    static let headerLines = 18

    /// Words that label a registration or tax number.
    static let identifierWords: KeywordSet = [
        "GST", "GST ID", "GST REG", "SST", "VAT", "TAX ID", "CIF", "NIF", "N.I.F", "TIN", "BRN", "ROC", "REG NO",
        "CO NO", "COMPANY NO", "CO REG", "REGISTRATION", "UST", "USTID", "STEUERNR", "TVA", "SIRET", "SIREN", "ABN",
    ]
    static let phoneWords: KeywordSet = ["TEL", "TELEPHONE", "PHONE", "FAX", "HP", "MOBILE", "TELEFONO", "TELF", "TLF", "TLF.", "TELEFON"]

    /// "(1174703-K)", "123456-X": a Malaysian company number; "12345678Z", "B12345678": a Spanish NIF/CIF.
    private static let lettered = try! NSRegularExpression(
        pattern: #"(?<![A-Za-z0-9])(\d{5,12}\s?-\s?[A-Z]|\d{8}-?[A-Z]|[A-HJ-NP-SUVW]-?\d{7}[0-9A-J])(?![A-Za-z0-9])"#)
    /// A labelled number: digits with letters OCR confuses for them, at least 6 digits long.
    private static let labelledNumber = try! NSRegularExpression(pattern: #"[0-9][0-9OIlSB\-. ]{4,}[0-9A-Z]"#)
    private static let phoneNumber = try! NSRegularExpression(pattern: #"\+?\d[\d\-. ()/]{6,}\d"#)
    private static let postcode = try! NSRegularExpression(pattern: #"(?<!\d)\d{4,5}(?!\d)"#)

    init(_ texts: [String]) {
        for (index, text) in texts.prefix(Self.headerLines).enumerated() {
            let m = MatchableLine(text)
            let isPhoneLine = m.contains(any: Self.phoneWords)
            if isPhoneLine {
                for number in Self.matches(Self.phoneNumber, in: text) {
                    let digits = number.filter(\.isNumber)
                    if (8...13).contains(digits.count) { phones[digits] = phones[digits] ?? index }
                }
            }
            for number in Self.matches(Self.lettered, in: text) {
                let key = OCRConfusion.numberKey(number)
                if key.count >= 6 { identifiers[key] = identifiers[key] ?? index }
            }
            if m.contains(any: Self.identifierWords), !isPhoneLine {
                for number in Self.matches(Self.labelledNumber, in: text) {
                    let key = OCRConfusion.numberKey(number)
                    if key.filter(\.isNumber).count >= 6 { identifiers[key] = identifiers[key] ?? index }
                }
            }
            // An address: a street or town word, or a postcode, among enough letters to be distinctive.
            let letters = text.filter(\.isLetter).count
            if !isPhoneLine, letters >= 8, index > 0,
               m.contains(any: Keywords.addressWords) || !Self.matches(Self.postcode, in: text).isEmpty {
                let key = String(OCRConfusion.nameKey(text))
                if key.count >= 12 { addressLines[key] = addressLines[key] ?? index }
            }
        }
    }

    private static func matches(_ regex: NSRegularExpression, in text: String) -> [String] {
        let ns = text as NSString
        return regex.matches(in: text, range: NSRange(location: 0, length: ns.length)).map { ns.substring(with: $0.range) }
    }

    /// Two phone numbers are one when equal or when one is the other with a country or area prefix.
    static func samePhone(_ a: String, _ b: String) -> Bool {
        a == b || (min(a.count, b.count) >= 8 && (a.hasSuffix(b) || b.hasSuffix(a)))
    }

    /// Equal but for one character, and long enough that this is no coincidence.
    static func oneMisreadApart(_ a: String, _ b: String) -> Bool {
        guard a.count == b.count, a.count >= 7 else { return false }
        return zip(a, b).filter { $0 != $1 }.count == 1
    }

    static func sameAddress(_ a: String, _ b: String) -> Bool {
        a == b || EditDistance.similarity(Array(a), Array(b)) >= 0.9
    }
}

/// The words of a line that carries the total, as a label: "NETT TOTAL", "TOTAL ROUNDED".
enum TotalLabel {
    static func of(_ text: String) -> String? {
        let words = TextNormalisation.fold(text).split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init)
            .filter { word in word.count >= 2 && word.allSatisfy(\.isLetter) }
            .filter { !CurrencyExtractor.words.map(\.0).contains($0) }
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    /// The label of the line printing `total` with a total's role, the last such line (the final one).
    static func find(_ total: Decimal, in lines: [ReceiptLine]) -> String? {
        let totalRoles: Set<AmountRole> = [.total, .finalTotal, .roundedTotal, .weakTotal]
        return lines.last { line in
            line.role.map(totalRoles.contains) == true && line.amounts.contains { $0.value == total }
        }.flatMap { of($0.text) }
    }
}
