import Foundation
import RebutCore

/// What a line's label says its amount is. Decides whether an amount is the total or a trap.
enum AmountRole: Sendable, Hashable {
    case roundedTotal, finalTotal, total, weakTotal, subtotal, tax, taxTable, cashPayment, cardPayment, change, rounding, quantity, discount, deposit
    /// A tip or gratuity written in: added after a total, before the total charged.
    case tip
    case unlabelled
}

/// One OCR line with everything the field extractors ask of it, computed once.
struct ReceiptLine: Sendable {
    let index: Int
    let text: String
    let confidence: Double?
    let match: MatchableLine
    let amounts: [AmountMatch]
    /// OCR's words with their own confidences (empty for plain text).
    let words: [Word]
    private(set) var role: AmountRole?

    init(index: Int, line: TextLine) {
        self.index = index
        text = line.text
        confidence = line.confidence
        words = line.words
        match = MatchableLine(line.text)
        amounts = AmountParser.amounts(in: line.text)
        role = ReceiptLine.classify(match)
        headsSummary = match.contains(any: Keywords.summaryHeaders)
        headsTaxColumns = amounts.isEmpty && Self.namesTax(match) && match.contains(any: Keywords.amountWords)
            && match.contains(any: Self.taxNames)
            && match.words.filter({ ["TAX", "GST", "VAT", "IVA", "MWST", "TVA", "SST", "AMOUNT", "AMT"].contains($0) }).count >= 2
    }

    /// "GST SUMMARY": a tax breakdown table starts here wherever it stands.
    let headsSummary: Bool
    /// "Tax Code Amount GST": heads a breakdown table when it follows the totals (before them,
    /// "Qty Price Amount Tax" heads the items).
    let headsTaxColumns: Bool

    /// Analyses every line, then demotes the rows of tax breakdown tables ("GST SUMMARY … TOTAL
    /// 100.00 6.00"): their TOTAL is the tax base or the tax, never the amount paid.
    static func analyse(_ lines: [TextLine]) -> [ReceiptLine] {
        inContext(lines.enumerated().map { ReceiptLine(index: $0.offset, line: $0.element) })
    }

    /// The roles lines take from their neighbours, on lines analysed one by one (so a receipt read
    /// again with one line changed re-analyses that line only).
    static func inContext(_ lines: [ReceiptLine]) -> [ReceiptLine] {
        var analysed = lines
        var tableRowsLeft = 0
        var totalSeen = false
        var tipGuideRows = false
        for i in analysed.indices {
            // A tip guide ("Suggested Gratuity:" over "18% = 5.68 Total 37.21" rows): each row's
            // total is a suggestion, never what was charged.
            if analysed[i].role == .tip, analysed[i].amounts.isEmpty {
                tipGuideRows = true
                continue
            }
            if tipGuideRows, analysed[i].match.folded.contains("%") {
                analysed[i].role = .tip
                continue
            }
            tipGuideRows = false
            defer {
                if let role = analysed[i].role, !analysed[i].amounts.isEmpty,
                   [.roundedTotal, .finalTotal, .total, .cashPayment, .cardPayment, .change].contains(role) {
                    totalSeen = true
                }
            }
            // Breakdown tables follow the totals; before them, "Qty Price Amount Tax" heads the items.
            if analysed[i].headsSummary || (totalSeen && analysed[i].headsTaxColumns) {
                tableRowsLeft = 5
                analysed[i].role = .taxTable
                continue
            }
            if tableRowsLeft > 0 {
                tableRowsLeft -= 1
                if !analysed[i].amounts.isEmpty, analysed[i].role != .change, analysed[i].role != .cashPayment,
                   analysed[i].role != .cardPayment {
                    analysed[i].role = .taxTable
                }
            }
        }
        return paymentsBeforeChange(wrappedLabels(analysed))
    }

    /// A label wrapped onto the next line: "Total Sales (Inclusive of" over "GST) : 32.70".
    /// The bracket opened on the first line closes on the second, so the two are one label,
    /// and the amount is what the whole label names (alone, "GST) :" read as the tax).
    static func wrappedLabels(_ lines: [ReceiptLine]) -> [ReceiptLine] {
        var analysed = lines
        for i in analysed.indices.dropLast() where analysed[i].amounts.isEmpty && analysed[i].opensBracket {
            let next = analysed[i + 1]
            guard !next.amounts.isEmpty, let close = next.text.firstIndex(where: closingBrackets.contains),
                  !next.text[..<close].contains(where: openingBrackets.contains),
                  let role = classify(MatchableLine(analysed[i].text + " " + next.text)) else { continue }
            analysed[i + 1].role = role
        }
        return analysed
    }

    static let openingBrackets: Set<Character> = ["(", "[", "{"]
    static let closingBrackets: Set<Character> = [")", "]", "}"]

    /// More brackets opened than closed: a label that goes on past the line's end.
    var opensBracket: Bool {
        text.filter(Self.openingBrackets.contains).count > text.filter(Self.closingBrackets.contains).count
    }

    /// Tills print the payment right above the change: a money amount on the line before a change
    /// line, with no label left to read ("Fay 20.00 / Change 0.80"), is what was handed over.
    /// The change line must print money (on it, or alone on the line below): a line that only
    /// reads like one ("Échange possible jusqu'au 09/09/2021") gives nothing back.
    static func paymentsBeforeChange(_ lines: [ReceiptLine]) -> [ReceiptLine] {
        var analysed = lines
        func printsChange(_ k: Int) -> Bool {
            analysed[k].role == .change && (analysed[k].amounts.contains(where: \.hasFraction)
                || (k + 1 < analysed.count && analysed[k + 1].isBareAmount))
        }
        for i in analysed.indices.dropLast() where analysed[i].role == nil && printsChange(i + 1)
            && analysed[i].amounts.contains(where: \.hasFraction) && analysed[i].text.filter(\.isLetter).count <= 3 {
            analysed[i].role = .cashPayment
        }
        return analysed
    }

    /// OCR's confidence (0...100) in the word that printed `value`: the lowest among words whose
    /// digits contain the amount's digits. Nil for plain text or when no word matches.
    func readingConfidence(of value: Decimal) -> Double? {
        let digits = Self.digits(of: value)
        guard !digits.isEmpty else { return nil }
        return words.filter { Self.digitString($0.text).contains(digits) }.map(\.confidence).min()
    }

    /// "112.45" → "11245": what a printed amount's digits are whatever the separators.
    static func digits(of value: Decimal) -> String {
        digitString(MoneyFormat.canonical(abs(value)))
    }

    static func digitString(_ text: String) -> String {
        String(text.unicodeScalars.filter { $0.properties.numericType == .decimal && $0.isASCII }.map(Character.init))
    }

    /// Letters on the line, to tell a label line from an amount-only line.
    var letterCount: Int { match.compact.count }

    /// An amount-only line ("9.00", "RM 9.00"): the value of a label printed on an earlier line.
    var isBareAmount: Bool { !amounts.isEmpty && letterCount <= 3 }

    /// Subtotal words that keep a line a subtotal even beside a final-total word.
    static let explicitSubtotal: KeywordSet = ["SUBTOTAL", "SUB TOTAL", "SUB-TOTAL", "ZWISCHENSUMME", "SOUS-TOTAL", "SOUS TOTAL",
                                   "BASE IMPONIBLE", "BASE IMPOSABLE", "TOTAL HT", "TOTAL EXCL"]
    /// Tax names, and words that head a tax column, for telling a tax table's header.
    static let taxNames: KeywordSet = ["TAX", "GST", "VAT", "IVA", "MWST", "TVA", "SST"]
    static let taxNameWords = Set(taxNames.keywords)
    /// Words that make a quantity line one even beside a final-total word ("TOTAL ITEMS").
    static let itemCount: KeywordSet = ["QTY", "ITEMS", "ITEM"]
    /// Phone wallets named unmistakably: the payment keywords' wallets but "BOOST" and "TNG",
    /// which also name drinks and goods, and the e-wallet words (see `namesAnEWallet`): a
    /// "WALLET" is sold as often as paid with.
    static let phoneWallets = KeywordSet(Keywords.mobile.keywords.filter { !walletWordsAlsoGoods.contains($0) })
    static let walletWordsAlsoGoods: Set<String> = ["BOOST", "TNG", "EWALLET", "E-WALLET"]

    /// "eWallet", "E-Wallet" exactly: one letter off is the "WALLET" a shop sells.
    static func namesAnEWallet(_ words: [String]) -> Bool {
        words.contains("EWALLET") || zip(words, words.dropFirst()).contains { $0 == "E" && $1 == "WALLET" }
    }
    /// Phrases with a change word ("BALANCE") that announce the total instead.
    static let amountDue: KeywordSet = ["BALANCE DUE", "AMOUNT DUE"]
    /// A tip or gratuity: money for the staff, added to the bill on the card slip.
    static let tipWords: Set<String> = ["TIP", "TIPS", "GRATUITY", "TRINKGELD", "PROPINA", "POURBOIRE", "PROPINES"]
    /// German "inkl." without a SUMME: the tax contained, never the total.
    static let germanInclusive: Set<String> = ["INKL", "INKLUSIVE"]
    /// Words saying a tax is contained in the total ("GST included @ 6%").
    static let taxContained: Set<String> = ["INCLUDED", "INCLUDES", "INCLUIDO", "INCLOS", "INCLOSA", "ENTHALTEN", "ENTH",
                                            "COMPRIS", "COMPRISE"]
    /// The verb of "Total includes GST 7.14" (Australia, New Zealand, the UK), "incluye IVA", "enthält MwSt".
    /// German says the tax is contained ("enthaltene MwSt 2,47", "darin MwSt"): never the total.
    static let includesVerb: Set<String> = ["INCLUDES", "INCLUYE", "INCLOU", "ENTHALT", "ENTHAELT", "COMPREND",
                                            "ENTHALTEN", "ENTHALTENE", "ENTHALTENEN", "DARIN"]

    /// A tax name before the word that says it is included ("GST INCLUDED", "IVA INCLUIDO"), not
    /// after it ("INCLUSIVE OF GST", whose amount is the total with its TOTAL word lost).
    static func taxNamedFirst(_ words: [String]) -> Bool {
        guard let tax = words.firstIndex(where: taxNameWords.contains) else { return false }
        guard let inclusion = words.firstIndex(where: { $0.hasPrefix("INC") || $0.hasPrefix("INKL") || taxContained.contains($0) })
        else { return false }
        return tax < inclusion
    }

    /// A charge made, one letter from CHANGE handed back.
    static let chargeWords: Set<String> = ["CHARGE", "CHARGES"]

    /// "TOTAL AFTER ROUNDING": a rounding word that names the rounded total.
    static let after: KeywordSet = ["AFTER"]

    /// "TOTAL (INCL. GST)", "Total Sales (Inclusive of GST)"; and the same with the opening bracket
    /// and the inclusion word misread ("Total Sajestiochusivc of GST) :"): a tax word that closes a
    /// bracket after TOTAL qualifies the total, where "TOTAL GST" names the tax.
    static let totalWithTaxInBrackets = try! NSRegularExpression(
        pattern: #"TOTAL[^(]*\([^)]*(GST|VAT|TAX|IVA|TVA|MWST|SST)|TOTAL.*\b(GST|VAT|TAX|IVA|TVA|MWST|SST)\s?[)}\]]"#)

    /// Whether the line names a tax, in words other than an amount word printed whole. Catalan's
    /// tax word "IMPOST" is one letter from the amount words "IMPORT" and Spanish "IMPORTE",
    /// which the tax words' one-letter tolerance for misreads took for it: a bill's "TOTAL
    /// IMPORTE FACTURA 55,55 EUR" was read as its tax, and an item's amount as the total.
    static func namesTax(_ m: MatchableLine) -> Bool {
        guard m.contains(any: Keywords.tax) else { return false }
        let others = m.words.filter { !amountWordsPrinted.contains($0) }
        return others.count == m.words.count || MatchableLine(others.joined(separator: " ")).contains(any: Keywords.tax)
    }

    static let amountWordsPrinted = Set(Keywords.amountWords.keywords)

    /// The label role of a line, or nil when it names no amount. Order matters: the traps that
    /// contain the word TOTAL ("SUBTOTAL", "TOTAL QTY", "TOTAL GST") are checked before TOTAL.
    static func classify(_ m: MatchableLine) -> AmountRole? {
        let hasFinal = m.contains(any: Keywords.finalTotal)
        let hasTotal = hasFinal || m.contains(any: Keywords.total)
        let hasTax = namesTax(m)
        let taxIncluded = hasTax && m.contains(any: Keywords.taxIncluded)
        let taxExcluded = m.contains(any: Keywords.taxExcluded)
        let paid = m.contains(any: Keywords.tendered) || m.contains(any: Keywords.cash)
        if m.contains(any: Keywords.quantity), !hasFinal || m.contains(any: Self.itemCount) { return .quantity }
        let words = Set(m.words)
        if !words.isDisjoint(with: Self.tipWords) { return .tip }
        // "SERV CHARGE", "Total Charges" are not "CHANGE" misread.
        if m.contains(any: Keywords.change), !m.contains(any: Self.amountDue), !m.words.contains(where: Self.chargeWords.contains) {
            return .change
        }
        if m.contains(any: Keywords.roundedTotal), !m.contains(any: Keywords.rounding) || m.contains(any: Self.after) {
            return .roundedTotal
        }
        if m.contains(any: Keywords.rounding) { return .rounding }
        // A fuzzy subtotal word inside a final-total phrase ("NETT TOTAL" ~ "NETTO") does not count.
        if m.contains(any: Keywords.subtotal), !hasFinal || m.contains(any: Self.explicitSubtotal) { return .subtotal }
        if hasTotal || hasTax, taxExcluded, !taxIncluded { return .subtotal }
        // "TOTAL (GST INL)": a tax word in brackets after TOTAL qualifies the total.
        if hasTotal, hasTax, TextNormalisation.matches(Self.totalWithTaxInBrackets, m.folded) {
            return .finalTotal
        }
        // "TOTAL GST", "GST 6%", "IVA 21%", "GST PAYABLE": the tax itself. "TOTAL (INCL. GST)" is the total.
        if hasTax, !taxIncluded { return .tax }
        // "GST included @ 6%: 1.87", "IVA incluido 21%": the tax contained in the total, with its rate.
        if taxIncluded, m.folded.contains("%"), !words.isDisjoint(with: Self.taxContained) {
            return .tax
        }
        // "Total includes GST 7.14", "Incluye IVA": a sentence about the total, whose amount is the tax.
        if taxIncluded, !words.isDisjoint(with: Self.includesVerb) { return .tax }
        if m.contains(any: Keywords.discount) { return .discount }
        if m.contains(any: Keywords.deposit) { return .deposit }
        if hasTotal && taxIncluded { return .finalTotal }
        // "(Inclusive of GST): 42.00" with the TOTAL word lost is the total; "Inclusive of 6% GST: 2.38"
        // names the rate, so its amount is the tax.
        // "GST INCLUDED 0.78", "MwSt enthalten": the tax named first is what the amount is; so is
        // German "inkl. MwSt 4,21" without a SUMME, which never names the total.
        if taxIncluded {
            let german = !words.isDisjoint(with: Self.germanInclusive)
            return m.folded.contains("%") || german || Self.taxNamedFirst(m.words) ? .tax : .total
        }
        if hasFinal { return .finalTotal }
        if hasTotal, !paid { return .total }
        // A wallet on a phone pays the amount due as a card does.
        if m.contains(any: Keywords.card) || m.contains(any: Self.phoneWallets) || Self.namesAnEWallet(m.words) { return .cardPayment }
        if paid { return .cashPayment }
        if hasTotal { return .total }
        // "38,52 l x 1,749 EUR/l", "0,812 kg x 1,75 EUR/kg": an item's quantity at its unit price,
        // whose currency word labels no total.
        if TextNormalisation.matches(Self.pricePerUnit, m.folded) { return nil }
        if m.contains(any: Keywords.amountWords) { return .weakTotal }
        return nil
    }

    /// A price per unit of measure: "1,749 EUR/l", "2.99/KG", "RM 12.90 / 100G".
    static let pricePerUnit = try! NSRegularExpression(
        pattern: #"\d[.,]\d{2,3}\s*(EUR|€|RM|\$|£|CHF)?\s*/\s*(KG|G|L|LTR|LITRE|LITER|M|STK|ST|PCS|PC|100\s?G)\b"#)
}
