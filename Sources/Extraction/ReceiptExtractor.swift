import Foundation
import RebutCore

/// What the extractor may assume about a receipt beyond its text.
public struct ExtractionContext: Sendable {
    /// Tesseract codes, e.g. ["eng"], ["spa","cat"]; hint the fallback currency.
    public var languages: [String]
    /// The event's currency (ISO 4217), used when the receipt shows none.
    public var defaultCurrency: String?
    /// "Today": dates after it (+ a few days slack) are implausible.
    public var referenceDate: LocalDate?
    /// Vendors already in the user's store, by name only: a close fuzzy match wins.
    public var knownVendors: [String]
    /// What the user's receipts showed about each vendor (`VendorLexicon`): a match by name,
    /// registration number, phone or address wins, and the vendor's habits weigh its fields.
    public var lexicon: VendorLexicon
    /// The dates this receipt is expected in (its event's, or its batch's): a misread date one
    /// digit away from them is corrected.
    public var datePrior: DatePrior?
    /// Total rules switched off by name (`TotalRule`), to measure what each earns
    /// (`rebut bench extraction --without`); empty in normal use.
    public var disabledTotalRules: Set<String>

    public init(languages: [String] = ["eng"], defaultCurrency: String? = nil, referenceDate: LocalDate? = nil,
                knownVendors: [String] = [], lexicon: VendorLexicon = .init(), datePrior: DatePrior? = nil,
                disabledTotalRules: Set<String> = []) {
        self.languages = languages
        self.defaultCurrency = defaultCurrency
        self.referenceDate = referenceDate
        self.knownVendors = knownVendors
        self.lexicon = lexicon
        self.datePrior = datePrior
        self.disabledTotalRules = disabledTotalRules
    }

    /// Names of every total rule, for `--without` and `--explain`.
    public static var totalRuleNames: [String] { TotalRule.allCases.map(\.rawValue) }
}

/// Reads vendor, date, total, currency, payment and tax from OCR lines, keeping ranked candidates.
public struct ReceiptExtractor: Sendable {
    public init() {}

    /// The review threshold, `ReviewRule.threshold` (defined there, beside the rule that uses it).
    public static var reviewThreshold: Double { ReviewRule.threshold }

    public func extract(from lines: [TextLine], context: ExtractionContext = .init()) -> ReceiptFields {
        extract(lines: lines.enumerated().map { ReceiptLine(index: $0.offset, line: $0.element) }, context: context)
    }

    /// From lines analysed one by one; `only` limits the work to some fields (and the currency
    /// the total is written in), for readings that vote on those fields alone.
    func extract(lines: [ReceiptLine], only: Set<ReceiptField>? = nil, context: ExtractionContext) -> ReceiptFields {
        let analysed = ReceiptLine.inContext(lines)
        var fields = ReceiptFields()
        func wanted(_ field: ReceiptField) -> Bool { only?.contains(field) ?? true }

        // The vendor first: a known vendor's habits (its currency, its total's label) weigh the rest.
        let habitsMatter = !context.lexicon.isEmpty && (wanted(.total) || wanted(.currency))
        let vendor = wanted(.vendor) || habitsMatter ? VendorExtractor().extract(analysed, context: context) : nil
        let habits = vendor?.known.map(VendorHabits.init)

        var currency = CurrencyExtractor().extract(analysed, context: context)
        if let habits { currency.candidates = habits.favourCurrency(currency.candidates) }
        fields.currency = currency.candidates.first?.value
        record(.currency, currency.candidates, currency.confidence, into: &fields)

        // Payment and tax are judged against the total.
        let total = wanted(.total) || wanted(.payment) || wanted(.tax)
            ? TotalExtractor(disabled: Set(context.disabledTotalRules.compactMap(TotalRule.init(rawValue:))))
                .extract(analysed, currency: fields.currency) : nil
        if var total {
            if let habits { total.candidates = habits.favourTotal(total.candidates, confidence: total.confidence) }
            fields.total = total.candidates.first.flatMap { MoneyFormat.parse($0.value) }
            record(.total, total.candidates, total.confidence, into: &fields)
        }

        if wanted(.date) {
            let date = DateExtractor().extract(analysed, context: context)
            fields.date = date.candidates.first.flatMap { LocalDate(iso8601: $0.value) }
            record(.date, date.candidates, date.confidence, into: &fields)
        }
        if wanted(.vendor), let vendor {
            fields.vendor = vendor.candidates.first?.value
            record(.vendor, vendor.candidates, vendor.confidence, into: &fields)
        }
        guard let total, wanted(.payment) || wanted(.tax) else { return fields }
        let payment = PaymentExtractor().extract(analysed, total: fields.total)
        fields.payment = payment.candidates.first.flatMap { PaymentMethod(rawValue: $0.value) }
        record(.payment, payment.candidates, payment.confidence, into: &fields)

        let tax = TaxExtractor().extract(total.labelled, witnesses: total.witnesses, total: fields.total, currency: fields.currency)
        fields.tax = tax.candidates.first.flatMap { MoneyFormat.parse($0.value) }
        record(.tax, tax.candidates, tax.confidence, into: &fields)
        return fields
    }

    private func record(_ field: ReceiptField, _ candidates: [Candidate], _ confidence: Double,
                        into fields: inout ReceiptFields) {
        guard !candidates.isEmpty else { return }
        fields.candidates[field] = candidates
        fields.confidence[field] = Confidence.clamp(confidence)
    }
}
