import Foundation
import RebutCore

extension VendorExtractor {
    /// How receipts end, in the languages Rebut reads: thanks, come again, returns policy.
    static let closingWords: KeywordSet = [
        "THANK YOU", "THANKYOU", "THANKS FOR", "COME AGAIN", "VISIT AGAIN", "VISIT US AGAIN", "SEE YOU AGAIN",
        "GOODS SOLD", "NOT RETURNABLE", "NOT EXCHANGEABLE", "NO REFUND", "TERIMA KASIH", "SILA DATANG",
        "GRACIAS", "GRACIES", "MOLTES GRACIES", "VUELVA PRONTO", "DANKE", "VIELEN DANK", "AUF WIEDERSEHEN",
        "MERCI", "A BIENTOT", "AU REVOIR",
    ]

    /// A welcome printed over the name ("HERZLICH WILLKOMMEN", "WELCOME TO", "SELAMAT DATANG").
    static let greetingWords: KeywordSet = [
        "WELCOME", "WELCOME TO", "HERZLICH WILLKOMMEN", "WILLKOMMEN", "SELAMAT DATANG", "BIENVENIDO", "BIENVENIDOS",
        "BIENVENUE", "BENVINGUT", "BENVINGUTS",
    ]

    private static let postcode = try! NSRegularExpression(pattern: #"(?<!\d)\d{5}(?!\d)"#)
    /// Postcodes of six digits (Singapore, India, China) outside a bracketed registration number,
    /// and British ones ("SW1A 1AA", "M1 1AE").
    private static let foreignPostcode = try! NSRegularExpression(
        pattern: #"(?<![\d-])\d{6}(?![\d-])|\b[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}\b"#)
    private static let anyAddressWords = Keywords.addressWords + Keywords.placeWords
    private static let phoneLike = try! NSRegularExpression(pattern: #"\d{2,4}[- ]?\d{3,4}[- ]?\d{3,4}"#)
    /// A street written as one compound word and a house number ("Bahnhofstr. 8", "Am Hofweg 12a",
    /// "Kerkstraat 3"): German and Dutch join the street word to the name, so no address keyword
    /// stands alone on the line. OCR reads the ß of "-straße" as B, 8, K, H or &.
    private static let compoundStreet = try! NSRegularExpression(
        pattern: #"\b\p{L}{2,}(STR\.?|STRA(?:SS|B|8|K|H|&)E|WEG|PLATZ|ALLEE|GASSE|RING|DAMM|UFER|CHAUSSEE|STEIG|STRAAT|LAAN|PLEIN|GRACHT)\s*\d{1,4}\s?[A-Z]?\b"#)

    /// A legal form closes a name ("AEON CO. (M) BHD"); one that opens a line before the words
    /// of a name ("CO. REG. NO 12345", "CO, NG. JMO") is a registration line or debris.
    static func formLeadsTheName(_ cleaned: String) -> Bool {
        let words = MatchableLine(cleaned).words
        guard let first = words.firstIndex(where: { legalFormWords.contains($0) }) else { return false }
        return !words[..<first].contains { !nameFiller.contains($0) && !$0.allSatisfy(\.isNumber) }
            && !nameCoreWords(words[(first + 1)...].joined(separator: " ")).isEmpty
    }

    /// Every word of a printed legal form ("SDN", "BHD", "CO", "GMBH").
    static let legalFormWords = Set(KeywordSet(LegalForms.printed).patterns.flatMap(\.words))

    /// `folded`: the line's upper-case, accent-free text.
    static func isStreetLine(_ folded: String) -> Bool {
        TextNormalisation.matches(compoundStreet, folded)
    }

    /// A line that opens with a five-digit postcode and names the place ("76133 Karlsruhe",
    /// "D-80331 MUNCHEN", "81760 JOHOR BAHRU"): the last line of an address as much of the world
    /// prints it. Not a house number before a street ("12345 MAIN ST").
    private static let postcodeAndPlace = try! NSRegularExpression(pattern: #"^\s*(?:[A-Z]{1,2}-)?\d{5}\s+\p{L}{3,}"#)

    static func isPostcodeAndPlace(_ m: MatchableLine) -> Bool {
        TextNormalisation.matches(postcodeAndPlace, m.folded) && !m.words.contains(where: houseNumberFirstStreets.contains)
    }

    /// Street kinds of the countries that print the house number first, as they are abbreviated.
    static let houseNumberFirstStreets: Set<String> = ["ST", "STREET", "RD", "ROAD", "AVE", "AVENUE", "BLVD", "DR", "DRIVE",
                                                       "LN", "LANE", "WAY", "HWY", "HIGHWAY", "PKWY", "CT", "PL", "TER", "CIR"]

    /// A few words, none a number, ending in a house number ("Karlstraße 3", "Am Markt 12a"): over
    /// a postcode line, the street, however OCR misread its street word ("Karlsraße 3"). A name
    /// with a number of its own ("99 SPEED MART", its "S/B" misread "5") is not one.
    private static let endsInHouseNumber = try! NSRegularExpression(pattern: #"^(?:(?=\S*[^\s\d])\S+\s+){0,3}\d{1,4}\s?[A-Z]?$"#)

    static func isStreetAbovePlace(_ folded: String) -> Bool {
        TextNormalisation.matches(endsInHouseNumber, folded.trimmingCharacters(in: .whitespaces))
    }

    /// Words that open in lower case inside a name: particles, not fragments.
    static let nameParticles: Set<String> = ["a", "am", "an", "and", "at", "by", "da", "das", "de", "del", "der", "des",
                                             "di", "do", "dos", "du", "e", "el", "en", "et", "i", "im", "la", "le",
                                             "les", "of", "on", "the", "und", "van", "von", "y", "zu", "zum", "zur"]

    /// Whether half the words or more are what OCR makes of a logo, a stamp or a picture over
    /// the name: words of a few letters in lower case ("Ta ee", "im Len"), or one letter repeated
    /// ("SL eee"). Names are printed in capitals or with each word capitalised, save their
    /// particles ("by", "de", "und") and legal forms: such a line is no name, however high it
    /// stands. Asked of lines with more small letters than capitals only: a line in capitals is
    /// printed so ("AA PHARMACY"), and one in lower case throughout is judged as such
    /// (`VendorWeights.lowerCase`).
    static func isFragmentary(_ cleaned: String) -> Bool {
        let words = cleaned.split(separator: " ").map { String($0.filter(\.isLetter)) }.filter { !$0.isEmpty }
        guard words.count >= 2 else { return false }
        let fragments = words.filter { word in
            if word.count >= 2, Set(word.lowercased()).count == 1, word.count >= 3 || word.allSatisfy(\.isLowercase) { return true }
            return word.count <= 3 && word.allSatisfy(\.isLowercase) && !nameParticles.contains(word)
                && !legalAndBusinessWords.contains(word.uppercased())
        }
        return 2 * fragments.count >= words.count
    }

    /// How much a header line looks like the business name: it is printed first, carries a legal
    /// form or a trade word, is no title, address, contact, amount or date line, and is printed
    /// in capitals without noise. `rank`: among the header lines with letters, 0 for the first.
    /// `abovePostcodeAndPlace`: the next line opens with a postcode and names a place.
    static func score(_ line: ReceiptLine, cleaned: String, rank: Int, abovePostcodeAndPlace: Bool = false) -> Double {
        var score = VendorWeights.first - VendorWeights.perLineDown * Double(min(rank, VendorWeights.linesDown))
        // A line introducing the shop ("Thanks for shopping at …", "Receipt from …") is judged by
        // the name it introduces, not as a courtesy or a document title.
        let m = withoutIntro(line.text.trimmingCharacters(in: .whitespaces)).map(MatchableLine.init) ?? line.match
        let folded = m.folded
        let letters = letterCount(cleaned)
        let digits = cleaned.filter(\.isNumber).count

        if isTitle(m, letters: letters) { score += VendorWeights.title }
        // The form as the cleaning repaired it counts too: OCR reads "SDN BHD" as "SON BHO", two
        // look-alikes that no fuzzy match of six letters forgives, and the name lost its weight.
        let legal = hasLegalForm(cleaned, m) || hasLegalForm(cleaned, MatchableLine(cleaned))
        // A legal form with no name in front ("SDN BHD" alone) is half a name: it only counts once
        // joined to the line above. A legal-looking word in an address ("22 LRG PERUSAHAAN 4") is a
        // street name; branch names in brackets ("(JOHOR)") do not make a name an address.
        let outsideBrackets = TextNormalisation.replacing(TextNormalisation.parenthesised, in: cleaned, with: " ")
        let addressLike = outsideBrackets.contains(where: \.isNumber)
            && MatchableLine(outsideBrackets).contains(any: Self.anyAddressWords)
        if legal {
            let closesAName = nameCore(cleaned) >= 3 && !addressLike && !formLeadsTheName(cleaned)
            score += closesAName ? VendorWeights.legalForm : VendorWeights.bareLegalForm
        }
        else if m.contains(any: Keywords.businessWords) { score += VendorWeights.businessWord }
        if m.contains(any: ownerWords) { score += VendorWeights.owner }
        if m.contains(any: closingWords) { score += VendorWeights.closing }
        // A line that is little but a welcome; "WELCOME TO HOTEL ROYAL" still names the hotel.
        if let greeting = m.firstMatch(greetingWords), letters <= greeting.filter(\.isLetter).count + 3 {
            score += VendorWeights.closing
        }
        let numbered = outsideBrackets.contains(where: \.isNumber)
        // On the cleaned name, where a zero between letters is an O: "Le Bistr0t" is no "…str. 0".
        let foldedName = TextNormalisation.fold(cleaned)
        if m.contains(any: Keywords.streetWords) || (numbered && m.contains(any: Keywords.placeWords))
            || isStreetLine(foldedName) || (abovePostcodeAndPlace && !legal && isStreetAbovePlace(foldedName)) {
            score += VendorWeights.address
        }
        let range = NSRange(location: 0, length: (folded as NSString).length)
        let foldedOutsideBrackets = TextNormalisation.replacing(TextNormalisation.parenthesised, in: folded, with: " ")
        if postcode.firstMatch(in: folded, range: range) != nil
            || Self.foreignPostcode.firstMatch(in: foldedOutsideBrackets, range: NSRange(location: 0, length: (foldedOutsideBrackets as NSString).length)) != nil {
            score += VendorWeights.postcode
        }
        if phoneLike.firstMatch(in: folded, range: range) != nil { score += VendorWeights.phone }
        if !line.amounts.filter(\.hasFraction).isEmpty { score += VendorWeights.money }
        if !DateParser.readings(in: line.text, lineIndex: line.index).isEmpty { score += VendorWeights.date }
        if Double(digits) > Double(letters) * VendorWeights.digitShare { score += VendorWeights.digits }
        if letters < 4 { score += VendorWeights.fewLetters }
        // A lone short word ("Latte", "Hose") is a logo fragment or speck more often than a name.
        if letters < 6, !cleaned.contains(" "), !legal { score += VendorWeights.loneShortWord }
        // Printed names are upper or title case; an all-lower-case line is handwriting or noise.
        let lower = cleaned.filter(\.isLowercase).count
        let upper = cleaned.filter(\.isUppercase).count
        if upper == 0 && lower > 0 { score += VendorWeights.lowerCase }
        else if upper >= lower { score += VendorWeights.capitals }
        else if isFragmentary(cleaned) { score += VendorWeights.fragments }
        score -= VendorWeights.noise * noiseRatio(cleaned)
        // A payment or total line names an amount; a name that merely contains "MASTER" does not.
        if line.role != nil, !line.amounts.isEmpty { score += VendorWeights.amountLabel }
        if let confidence = line.confidence {
            score *= 1 - VendorWeights.ocrDoubt + VendorWeights.ocrDoubt * min(1, max(0, confidence / 100))
        }
        return score
    }
}

/// Every weight the vendor rules use, in one table: added to a header line's score.
enum VendorWeights {
    /// The first header line with letters, and how much each later one loses (up to `linesDown`).
    static let first = 0.55, perLineDown = 0.07, linesDown = 6
    static let title = -0.6
    /// A legal form after a name, or alone / in an address.
    static let legalForm = 0.45, bareLegalForm = 0.1
    static let businessWord = 0.05
    /// "Owned by …": the legal owner printed under a brand.
    static let owner = 0.15
    /// A shop's name over its owner's legal name outranks the owner by this much
    /// (`VendorExtractor.preferShopsOverOwners`).
    static let shopOverOwner = 0.05
    static let address = -0.35, postcode = -0.3, phone = -0.3
    static let money = -0.3, date = -0.4
    /// More digits than this share of the letters.
    static let digitShare = 0.4, digits = -0.3
    static let fewLetters = -0.25, loneShortWord = -0.12
    static let lowerCase = -0.3, capitals = 0.05
    /// Half its words or more are OCR's fragments of a logo or a picture (`isFragmentary`).
    static let fragments = -0.3
    /// Times the share of noise characters.
    static let noise = 0.4
    static let amountLabel = -0.3
    /// A courtesy or returns line ("THANK YOU, PLEASE COME AGAIN"): the receipt's foot, printed
    /// first only when OCR's reading order scrambled a short slip; and a welcome over the name.
    static let closing = -0.6
    /// A line under a buyer label: the customer's name or address (`VendorExtractor.buyerBlock`).
    static let buyer = -0.6
    /// How much of the score OCR's doubt about the line can take away.
    static let ocrDoubt = 0.4
}
