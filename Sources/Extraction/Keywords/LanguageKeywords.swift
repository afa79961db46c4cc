import RebutCore

/// The words one language prints on receipts, grouped by what they announce.
///
/// All entries are folded (upper case, no diacritics). Matching uses every language at once
/// (receipts mix languages and OCR language hints can be wrong); the context's languages only
/// decide date order and the fallback currency.
struct LanguageKeywords: Sendable {
    var code: String
    /// Lines that announce the amount actually paid: GRAND TOTAL, AMOUNT DUE, ZU ZAHLEN.
    var finalTotal: [String] = []
    /// Plain "total" words; strong but also part of traps ("TOTAL QTY").
    var total: [String] = []
    /// Weak total words that also head columns ("AMOUNT", "IMPORTE"): a total only when nothing else fits.
    var amountWords: [String] = []
    /// Totals before tax or before discounts.
    var subtotal: [String] = []
    /// Tax words (on their own a trap for the total, the source for `tax`).
    var tax: [String] = []
    /// Words saying the tax is included: "TOTAL INCL. GST" is the total, not the tax.
    var taxIncluded: [String] = []
    /// Words saying the tax is excluded: "TOTAL EXCL. GST" is a subtotal.
    var taxExcluded: [String] = []
    /// Words of a payment handed over ("PAID", "TENDERED", "ENTREGADO"): at least the total.
    var tendered: [String] = []
    /// Headers of tax breakdown tables, whose "TOTAL" rows are not the receipt total.
    var summaryHeaders: [String] = []
    var cash: [String] = []
    var card: [String] = []
    var transfer: [String] = []
    var mobile: [String] = []
    var voucher: [String] = []
    var change: [String] = []
    var rounding: [String] = []
    /// "Rounded total": the final amount after rounding.
    var roundedTotal: [String] = []
    var quantity: [String] = []
    var discount: [String] = []
    var deposit: [String] = []
    var dateLabels: [String] = []
    /// Header lines that are never the vendor: document titles and greetings.
    var documentTitles: [String] = []
    /// Labels over the buyer's name and address on an invoice ("BILL TO", "RECHNUNG AN"): the
    /// name under them is the customer's, never the vendor's.
    var buyerLabels: [String] = []
    /// Words that make a line an address or contact line.
    var addressWords: [String] = []
    /// Trade words ("RESTAURANT", "HARDWARE", "CAFE"): a name line, but also brand lines and slogans.
    var businessWords: [String] = []
    /// Month names and abbreviations → month number.
    var months: [String: Int] = [:]
    /// The currency a receipt in this language most likely uses when it shows none.
    var likelyCurrency: String? = nil
}

/// Every language Rebut reads, merged for matching.
enum Keywords {
    static let languages: [LanguageKeywords] = [.english, .spanish, .catalan, .german, .french, .malay]

    static func language(_ code: String) -> LanguageKeywords? {
        languages.first { $0.code == code }
    }

    /// One language's lists merged across languages, compiled once.
    private static func merged(_ path: KeyPath<LanguageKeywords, [String]>) -> KeywordSet {
        var seen = Set<String>()
        return KeywordSet(languages.flatMap { $0[keyPath: path] }.filter { seen.insert($0).inserted })
    }

    static let finalTotal = merged(\.finalTotal)
    static let total = merged(\.total)
    static let subtotal = merged(\.subtotal)
    static let tax = merged(\.tax)
    static let taxIncluded = merged(\.taxIncluded)
    static let taxExcluded = merged(\.taxExcluded)
    static let cash = merged(\.cash)
    static let amountWords = merged(\.amountWords)
    static let tendered = merged(\.tendered)
    static let summaryHeaders = merged(\.summaryHeaders)
    static let card = merged(\.card)
    static let transfer = merged(\.transfer)
    static let mobile = merged(\.mobile)
    static let voucher = merged(\.voucher)
    static let change = merged(\.change)
    static let rounding = merged(\.rounding)
    static let roundedTotal = merged(\.roundedTotal)
    static let quantity = merged(\.quantity)
    static let discount = merged(\.discount)
    static let deposit = merged(\.deposit)
    static let dateLabels = merged(\.dateLabels)
    static let documentTitles = merged(\.documentTitles)
    /// Every language's buyer labels, as words (matched at a line's start, `VendorExtractor.buyerBlock`).
    static let buyerLabels = merged(\.buyerLabels).patterns.map(\.words)
    static let addressWords = merged(\.addressWords)
    /// Address words that business names share ("LION CITY KITCHEN", "Sainsbury's Local",
    /// "YHM AEON TEBRAU CITY"), and street abbreviations that are words too ("ST", "DR"): an
    /// address only on a line with a number.
    static let placeWords: KeywordSet = ["LOCAL", "CITY", "STATE", "PLAZA", "PARK", "INDUSTRIAL PARK", "CENTRE", "CENTER",
                                         "MALL", "SQUARE", "PLACE", "ROUTE", "WISMA", "KOMPLEKS", "BANDAR",
                                         "OPEN", "MON", "BLVD", "AVE", "RD", "ST", "STE", "DR", "HWY", "PKWY"]
    /// Address words that no name shares: streets, regions, contact and registration labels.
    static let streetWords = KeywordSet(addressWords.keywords.filter { !placeWords.keywords.contains($0) })
    /// Company legal forms and business marks (`LegalForms`); a line with one is very likely the vendor.
    static let legalForms = KeywordSet(LegalForms.printed + LegalForms.businessMarks)
    static let businessWords = merged(\.businessWords)

    static let months: [String: Int] = {
        var all: [String: Int] = [:]
        for language in languages { all.merge(language.months) { first, _ in first } }
        return all
    }()
}
