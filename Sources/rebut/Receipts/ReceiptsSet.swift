import ArgumentParser
import RebutCore
import RnDDeduction
import Store

struct ReceiptsSet: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "set",
        abstract: "Correct a receipt's fields.",
        discussion: """
        Each VALUE is a new value, @N to pick candidate N (see `rebut receipts candidates ID`), \
        or `none` to clear the field. Every change is recorded with the old value. A receipt with \
        vendor, date and total all set is filed; clearing one sends it back to review. \
        A category set here is remembered for the vendor's next receipts.

        Examples:
          rebut receipts set 12 --total @2
          rebut receipts set 12 --date 2019-04-03 --vendor "Forn Sant Joan"
          rebut receipts set 12 --category repairs
          rebut receipts set 12 --note "Dinner with the Acme team"   # searched by `rebut search`
          rebut receipts set 12 --note none                            # remove the note
          rebut receipts set 12 --cost-type consumables
          rebut receipts set 12 --billing-period 2025-01-10..2025-03-11
        """)

    @OptionGroup var receipt: ReceiptID
    @Option(name: .long, help: "Vendor name.") var vendor: String?
    @Option(name: .long, help: "Date, YYYY-MM-DD.") var date: String?
    @Option(name: .long, parsing: .unconditional, help: "Total, e.g. 12.50; a negative total is a refund (--total -5).")
    var total: String?
    @Option(name: .long, help: "Category id (see `rebut categories`).") var category: String?
    @Option(name: .long, help: "Currency, ISO 4217.") var currency: String?
    @Option(name: .long, help: "cash, card, transfer, cheque, voucher, mobile or other.") var payment: String?
    @Option(name: .long, parsing: .unconditional, help: "Tax amount.") var tax: String?
    @Option(name: .long, help: "Move the receipt to this event (it must exist).") var event: String?
    @Option(name: .customLong("cost-type"), help: ArgumentHelp(
        "Project receipts: personnel, researchers, collaborations, amortisation, consumables, other, fixed-assets, or none. Remembered for the vendor.",
        valueName: "type"))
    var costType: CostTypeChoice?
    @Option(name: .customLong("billing-period"), help: ArgumentHelp(
        "A bill's billing period, FROM..TO (YYYY-MM-DD..YYYY-MM-DD), or none.", valueName: "from..to"))
    var billingPeriod: BillingPeriodChoice?
    @Option(name: .long, help: "A free-text note, printed in reports and found by `rebut search`; `none` removes it.")
    var note: String?
    @OptionGroup var storeOptions: StoreOptions

    var changes: [(ReceiptField, String)] {
        // Currency first: the amounts after it are formatted with its decimals.
        [(.currency, currency), (.vendor, vendor), (.date, date), (.total, total),
         (.payment, payment), (.tax, tax), (.category, category)]
            .compactMap { field, value in value.map { (field, $0) } }
    }

    func validate() throws {
        if changes.isEmpty && event == nil && costType == nil && billingPeriod == nil && note == nil {
            throw ValidationError("name at least one field to set, e.g. --total 12.50")
        }
        for (field, value) in changes where value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw ValidationError("--\(field.rawValue) is empty: write `none` to clear the field")
        }
        if event?.trimmingCharacters(in: .whitespaces).isEmpty == true { throw ValidationError("--event is empty") }
        if let note, note.count > 2000 { throw ValidationError("--note is longer than 2000 characters") }
    }

    func run() async throws {
        let store = try storeOptions.open(.existing)
        let r = try ReceiptLookup.find(receipt.id, in: store)
        let target = try event.map { try EventLookup.find($0, in: store) }
        // Every value is resolved first and all are written in one transaction: a bad one leaves
        // the receipt exactly as it was.
        var resolved: [(field: ReceiptField, value: String?)] = []
        for (field, raw) in changes {
            do {
                resolved.append((field, try CandidateChoice.resolve(raw, field: field, in: r)))
            } catch {
                printError("rebut: receipt #\(r.id!): \(error); nothing was changed")
                throw RebutExit.notFound
            }
        }
        var saved: Receipt
        do {
            saved = try store.setFields(resolved, receiptId: r.id!, moveTo: target?.id, costType: costType.map(\.type),
                                        billingPeriod: billingPeriod.map(\.period))
            if let note {
                saved = try store.setNote(note.trimmingCharacters(in: .whitespaces).lowercased() == "none" ? nil : note,
                                          receiptId: r.id!)
            }
        } catch {
            printError("rebut: receipt #\(r.id!): \(error); nothing was changed")
            throw RebutExit.notFound
        }
        for (field, value) in resolved where field == .total || field == .tax {
            if let note = MoneyRounding.note(field: field, typed: value, currency: saved.currency) { printError("rebut: \(note)") }
        }
        print(ReceiptFormatting.row(saved) + (target.map { "  → \($0.name)" } ?? "")
              + (costType.map { "  cost type: \($0.type?.rawValue ?? "none")" } ?? "")
              + (billingPeriod.map { "  billing period: \($0.period?.description ?? "none")" } ?? ""))
        if let note = saved.note { print("  note: \(note)") }
    }
}

/// Says when an amount typed with more decimals than its currency has was rounded.
enum MoneyRounding {
    static func note(field: ReceiptField, typed: String?, currency: String?) -> String? {
        guard let typed, let amount = MoneyFormat.parse(typed.replacingOccurrences(of: ",", with: ".")) else { return nil }
        let kept = MoneyFormat.canonical(amount, currency: currency)
        guard MoneyFormat.parse(kept) != amount else { return nil }
        let digits = MoneyFormat.minorDigits(for: currency)
        return "\(field.rawValue) \(typed) was rounded to \(kept) (\(currency ?? "the default currency") keeps \(digits) decimal\(digits == 1 ? "" : "s"))"
    }
}

/// A cost type, or `none` to clear it.
struct CostTypeChoice: ExpressibleByArgument {
    var type: CostType?
    init?(argument: String) {
        if argument.lowercased() == "none" { type = nil; return }
        guard let type = CostType(rawValue: argument.lowercased()) else { return nil }
        self.type = type
    }
}

/// `2025-01-10..2025-03-11`, or `none` to clear.
struct BillingPeriodChoice: ExpressibleByArgument {
    var period: BillingPeriod?
    init?(argument: String) {
        if argument.lowercased() == "none" { period = nil; return }
        let ends = argument.components(separatedBy: "..")
        guard ends.count == 2, let start = LocalDate(iso8601: ends[0]), let end = LocalDate(iso8601: ends[1]),
              let period = BillingPeriod(start: start, end: end) else { return nil }
        self.period = period
    }
}
