import Foundation
import RebutCore

/// Repairs the OCR noise a printed business name typically carries.
extension VendorExtractor {
    /// "#000002", "#12", "004512": a reference number, not a word of the name.
    static func isLeadingCode(_ token: Substring) -> Bool {
        let digits = token.drop { $0 == "#" }
        guard !digits.isEmpty, digits.allSatisfy(\.isNumber) else { return false }
        return token.hasPrefix("#") || digits.count >= 4
    }

    /// Trims OCR debris at the edges ("| ", "‘", " ~", trailing dots) and collapses spaces.
    static func clean(_ text: String) -> String {
        // Control characters (an escape sequence, a NUL from a damaged text file) are never part
        // of a name and must not reach the store or a terminal: they count as spaces.
        let printable = String(String.UnicodeScalarView(text.unicodeScalars.map {
            $0.properties.generalCategory == .control ? " " : $0
        }))
        var s = TextNormalisation.squeeze(printable)
        let keepAtEnd: Set<Character> = [")", "."]
        func isEdgeNoise(_ c: Character) -> Bool { !(c.isLetter || c.isNumber || c == "(" || c == "&") }
        while let first = s.first, isEdgeNoise(first) { s.removeFirst() }
        while let last = s.last, isEdgeNoise(last), !(keepAtEnd.contains(last) && s.dropLast().last?.isLetter == true) {
            s.removeLast()
        }
        // A lone letter or digit separated at the edge is usually a speck read as text.
        let tokens = s.split(separator: " ")
        if tokens.count >= 3, let f = tokens.first, f.count == 1, !(f.first!.isUppercase && f.first!.isLetter) {
            s = tokens.dropFirst().joined(separator: " ")
        }
        // A number printed before the name is a code (a branch, a till): "#000002 BAIFU (M) SDN BHD".
        // Short ones stay: they are part of names ("99 SPEED MART", "7 ELEVEN").
        let words = s.split(separator: " ")
        if words.count >= 2, let code = words.first, Self.isLeadingCode(code), words.dropFirst().contains(where: { $0.contains(where: \.isLetter) }) {
            s = words.dropFirst().joined(separator: " ")
        }
        // A label before the name ("Dimiliki: BANH MI CAFE SDN BHD", "Company: ..."): a name
        // never starts with a word and a colon.
        if let match = Self.leadingLabel.firstMatch(in: s, range: NSRange(location: 0, length: (s as NSString).length)) {
            let rest = (s as NSString).substring(from: match.range.location + match.range.length)
            if rest.filter(\.isLetter).count >= 4 { s = rest }
        }
        // A receipt sent by e-mail or shown on a screen introduces the shop ("Your receipt from
        // Green Leaf Cafe", "Ihr Einkauf bei Bücherstube Lindner", "Thanks for riding with …").
        if let rest = Self.withoutIntro(s) { s = rest }
        // A zero touching letters is an O ("C0.", "K0KO"); digits elsewhere ("99 SPEED") stay.
        s = TextNormalisation.replacing(Self.zeroInWord, in: s, with: "O")
        // "¥" inside a name is a struck "Y" ("D.I.¥.").
        s = TextNormalisation.replacing(Self.yenInWord, in: s, with: "Y")
        // Registration numbers printed after the name: "(123456-X)", "(123456", "1234567-X", and
        // with digits read as their look-alike letters, three digits at least ("(S19S37-X)").
        s = Self.trailingRegistration.stringByReplacingMatches(
            in: s, range: NSRange(location: 0, length: (s as NSString).length), withTemplate: "")
        // "$/B", "5/8", "§/B": "S/B" (Sendirian Berhad) as OCR often reads it.
        s = Self.slashSB.stringByReplacingMatches(
            in: s, range: NSRange(location: 0, length: (s as NSString).length), withTemplate: "S/B")
        // After the legal form, only registration debris follows: "S/B 123456-X (ABC)", "SDN BHD (B12K)".
        if let r = Self.legalFormTail.firstMatch(in: s, range: NSRange(location: 0, length: (s as NSString).length)) {
            s = (s as NSString).substring(to: r.range(at: 1).location + r.range(at: 1).length)
        }
        // …or the document's title, printed beside the name and read on its line ("LAKESIDE
        // PRINT & DESIGN LLC INVOICE", a bill's two columns run together).
        if let r = Self.legalFormThenTitle.firstMatch(in: s, range: NSRange(location: 0, length: (s as NSString).length)) {
            s = (s as NSString).substring(to: r.range(at: 1).location + r.range(at: 1).length)
        }
        // "SON BHD", "SDN BND", "SDN 8HD", "S0N. BHD.": the Malaysian legal form as OCR often reads it.
        for match in Self.sdnBhd.matches(in: s, range: NSRange(location: 0, length: (s as NSString).length)).reversed() {
            let found = (s as NSString).substring(with: match.range)
            guard found.uppercased().filter(\.isLetter) != "SDNBHD" else { continue }
            let replacement = Self.sdnBhd.replacementString(for: match, in: s, offset: 0, template: "SDN$1 BHD$2")
                .replacingOccurrences(of: ",", with: ".")
            s = (s as NSString).replacingCharacters(in: match.range, with: replacement)
        }
        // A comma left dangling by the registration number it preceded ("BHD, (126926-H)").
        while s.hasSuffix(",") || s.hasSuffix(" ") { s.removeLast() }
        s = Self.repairingLegalForm(s)
        return TextNormalisation.squeeze(Self.unbracketed(s))
    }

    /// A name's closing legal form read with OCR's look-alikes ("SON SHO", "SOM BHD", "BHO",
    /// "LTO"): the forms are a closed list, so the form they can only be is printed instead.
    /// Each word of the form must have the same length as the word read, every letter equal or
    /// a look-alike (`formLookalike`); a form of two words forgives one other letter in each.
    static func repairingLegalForm(_ name: String) -> String {
        var words = name.split(separator: " ").map(String.init)
        for size in Set(Self.repairableForms.map(\.count)).sorted(by: >) where words.count > size {
            let read = words.suffix(size).map { $0.uppercased().filter { $0 != "." && $0 != "," } }
            // The fewest letters unlike the form read; none when a form is printed as it is.
            var best: (form: [String], unlike: Int)? = nil
            for form in Self.repairableForms where form.count == size {
                guard read != form else { return name }
                guard let unlike = Self.unlikeness(read, form) else { continue }
                if best == nil || unlike < best!.unlike { best = (form, unlike) }
            }
            if let best {
                words.removeLast(size)
                return (words + best.form).joined(separator: " ")
            }
        }
        return name
    }

    /// Letters of the words read unlike the form's, when each word could be the form's: all
    /// letters alike, or in a form of two words one unlike letter in each.
    private static func unlikeness(_ read: [String], _ form: [String]) -> Int? {
        var total = 0
        for (word, formWord) in zip(read, form) {
            guard let unlike = unlikeLetters(word, formWord), unlike == 0 || (form.count > 1 && unlike == 1) else { return nil }
            total += unlike
        }
        return total
    }

    /// Letters of a word of the same length that are neither equal nor look-alikes; nil when the
    /// lengths differ.
    private static func unlikeLetters(_ word: String, _ formWord: String) -> Int? {
        guard word.count == formWord.count else { return nil }
        var unlike = 0
        for (a, b) in zip(word, formWord) where a != b {
            let x: Character? = formLookalike[a], y: Character? = formLookalike[b]
            if x == nil || x != y { unlike += 1 }
        }
        return unlike
    }

    /// Legal forms of two or more words of at least three letters ("SDN BHD", "PTY LTD"), longest
    /// first, and the closing forms whose look-alike spellings are no words ("BHO", "LTO",
    /// "GM8H"). Shorter or other forms ("SA", "PTE" for "PIE", "OHG" for "ONG") are too like
    /// ordinary words to be repaired.
    private static let repairableForms: [[String]] = LegalForms.printed
        .map { $0.split(separator: " ").map { $0.filter(\.isLetter) } }
        .filter { (words: [String]) -> Bool in
            words.allSatisfy { $0.count >= 3 } && (words.count > 1 || closingForms.contains(words[0]))
        }
        .reduce(into: [[String]]()) { unique, form in if !unique.contains(form) { unique.append(form) } }
        .sorted { $0.count > $1.count }

    private static let closingForms: Set<String> = ["BHD", "LTD", "GMBH"]

    /// Letters OCR reads for one another in a legal form, each to one representative.
    private static let formLookalike: [Character: Character] = [
        "0": "O", "Q": "O", "D": "O", "O": "O",
        "5": "S", "$": "S", "8": "S", "B": "S", "S": "S",
        "1": "I", "L": "I", "|": "I", "!": "I", "T": "I", "I": "I",
        "M": "N", "H": "N", "W": "N", "N": "N",
        "6": "C", "G": "C", "C": "C",
    ]

    /// A legal name printed in brackets under the brand ("(PENNY GmbH & Co. KG)"), or with its
    /// closing bracket lost or cut off with a registration number: the name without them.
    /// Brackets inside a name ("MR D.I.Y. (M) SDN BHD", "(M) SDN BHD") stay.
    static func unbracketed(_ name: String) -> String {
        guard name.hasPrefix("(") else { return name }
        var depth = 0
        for (offset, character) in name.enumerated() {
            if character == "(" { depth += 1 }
            if character == ")" { depth -= 1 }
            if depth == 0 {
                // Closed before the end: a bracketed part of the name, not the whole.
                guard offset == name.count - 1 else { return name }
                return String(name.dropFirst().dropLast()).trimmingCharacters(in: .whitespaces)
            }
        }
        return String(name.dropFirst()).trimmingCharacters(in: .whitespaces)
    }

    private static let leadingLabel = try! NSRegularExpression(pattern: #"^[A-Za-z]+(?: [A-Za-z]+)?\s?:\s*"#)
    /// The name a line introduces ("Your receipt from Green Leaf Cafe" → "Green Leaf Cafe");
    /// nil when the line opens with no introduction or leaves no name after it.
    static func withoutIntro(_ text: String) -> String? {
        guard let match = receiptIntro.firstMatch(in: text, range: NSRange(location: 0, length: (text as NSString).length))
        else { return nil }
        let rest = (text as NSString).substring(from: match.range.location + match.range.length)
        return rest.filter(\.isLetter).count >= 3 ? rest : nil
    }

    /// How e-mailed and on-screen receipts, and some tills, introduce the shop's name, in the
    /// languages Rebut reads: a receipt or order "from" it, thanks for shopping "at" it, a welcome.
    private static let receiptIntro = try! NSRegularExpression(pattern: [
        #"(?:(?:your|tu|su|el teu|votre|ihre?)\s+)?(?:e-?receipt|receipt|order|recibo|rebut|re[çc]u|quittung|beleg|rechnung|einkauf|bestellung)\s+(?:from|at|with|de|del|von|bei|chez)"#,
        // A ride, a stay or a booking introduces who gave it ("Your trip with …", "Ihre Fahrt mit …").
        #"(?:your|tu|su|votre|ihre?)\s+(?:trip|ride|journey|booking|reservation|stay|delivery|viaje|reserva|estancia|trajet|course|s[ée]jour|fahrt|reise|buchung|aufenthalt)\s+(?:from|at|with|con|en|de|avec|chez|mit|bei|im)"#,
        #"(?:thanks|thank you)(?: so much)? for (?:shopping|dining|riding|staying|eating|visiting|choosing|your (?:order|purchase|visit|stay))(?: at| with| from)?"#,
        #"(?:vielen )?dank(?:e)? f(?:ü|ue|u)r (?:ihren|deinen) (?:einkauf|besuch|bestellung)(?: bei| im| in der)?"#,
        #"gracias por (?:su|tu) (?:compra|visita|pedido) en"#, #"merci (?:pour|de) votre (?:achat|visite|commande) chez"#,
        // The company that runs a car park, a franchise or a station, under its sign.
        #"(?:operated|managed|run|owned) by"#, #"betrieben (?:von|durch)"#, #"exploit[ée]e? par"#, #"(?:gestionado|explotado) por"#,
        #"(?:herzlich )?willkommen (?:bei|im)"#, #"welcome to"#, #"bienvenid[oa]s? a"#, #"bienvenue (?:chez|à)"#,
        #"benvinguts? a"#, #"selamat datang ke"#,
    ].map { "^(?:\($0))[\\s,:!-]+" }.joined(separator: "|"), options: [.caseInsensitive])
    private static let zeroInWord = try! NSRegularExpression(pattern: #"(?<=[A-Za-z])0|0(?=[A-Za-z])"#)
    private static let yenInWord = try! NSRegularExpression(pattern: #"(?<=[A-Za-z.])¥|¥(?=[A-Za-z.])"#)
    private static let trailingRegistration = try! NSRegularExpression(
        pattern: #"(?<=[A-Za-z.,)/])\s*(\([^()]*\d{3,}[^()]*\)?|\(\s*\d[^)]*\)?|\(.{0,2}|\d{5,}\s*-?\s*[A-Za-z]?\)?|"#
            + #"\((?=(?:[^()\d]*\d){3})[\dSOIlBZ]{5,}\s*-\s*[A-Za-z]\)?)\s*$"#)
    private static let slashSB = try! NSRegularExpression(pattern: #"(?<![A-Za-z])[S$5§]/[B8]8?(?![A-Za-z])"#)
    /// "NAME SDN BHD 12345-X": a legal form (`LegalForms`, or "BHD" as OCR often reads it), then
    /// only non-letters up to a digit.
    private static let legalFormTail = try! NSRegularExpression(
        pattern: #"^(.*?(?:B[HN][DO0]\.?|"# + printedLegalForms + #"))\s+[^A-Za-z]*\d.*$"#, options: [.caseInsensitive])
    /// Every printed legal form (`LegalForms`) as one alternation, longest first, not inside a
    /// word, its final dot optional.
    private static let printedLegalForms = LegalForms.printed.sorted { $0.count > $1.count }
        .map { "(?<![A-Za-z])" + NSRegularExpression.escapedPattern(for: $0.hasSuffix(".") ? String($0.dropLast()) : $0) + "\\.?" }
        .joined(separator: "|")
    /// A legal form (`LegalForms`), then a document's title word and nothing or a number after it.
    private static let legalFormThenTitle: NSRegularExpression = {
        let titles = "(?:TAX |SIMPLIFIED TAX )?(?:INVOICE|RECEIPT|BILL|STATEMENT|RECHNUNG|QUITTUNG|KASSENBON|FACTURA|"
            + "FACTURE|TIQUET|TICKET|REBUT|RECIBO)"
        return try! NSRegularExpression(pattern: #"^(.*?(?:"# + printedLegalForms + #"))\s+"# + titles
                                        + #"(?![A-Za-z])[^A-Za-z]*$"#, options: [.caseInsensitive])
    }()
    private static let sdnBhd = try! NSRegularExpression(
        pattern: #"\bS[O0DQI]N([.,]?)\s*[B8][HNA][DO0]([.,]?)(?![A-Za-z])"#, options: [.caseInsensitive])
}
