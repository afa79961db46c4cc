import Foundation
import ArgumentParser
import RebutCore
import RnDDeduction
import Store

struct ReceiptsShow: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show",
        abstract: "Show a receipt: its fields, confidences, corrections, image and OCR text.")

    @OptionGroup var receipt: ReceiptID
    @Flag(name: .long, help: "Print JSON.") var json = false
    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let store = try storeOptions.open(.readOnly)
        let r = try ReceiptLookup.find(receipt.id, in: store)
        let eventName = try store.event(id: r.eventId)?.name ?? ""
        let image = store.imageURL(for: r)
        let imageMissing = r.hasImage && !FileManager.default.fileExists(atPath: image.path)
        if imageMissing { printError("rebut: warning: receipt #\(r.id!)'s image is missing from the store: \(image.path)") }
        if json {
            struct Shown: Encodable {
                var receipt: ReceiptRow
                @NullEncoded var image: String?
                var imageMissing: Bool
                var ocrText: String
                var corrections: [Correction]
            }
            print(JSONOutput.pretty(Shown(receipt: ReceiptRow(r, event: eventName),
                                          image: r.hasImage ? image.path : nil, imageMissing: imageMissing,
                                          ocrText: r.ocrText,
                                          corrections: try store.corrections(receiptId: r.id!))))
            return
        }
        print(ReceiptFormatting.row(r))
        print("  event     \(eventName)")
        for field in ReceiptField.allCases {
            let value = ReceiptLookup.value(of: field, in: r) ?? "—"
            let confidence = r.confidence[field.rawValue].map { String(format: " (%.0f%%)", $0 * 100) } ?? ""
            print("  \(field.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)) \(value)\(confidence)")
        }
        if let period = try store.billingPeriods(eventId: r.eventId)[r.id!] { print("  period    \(period) (billing period)") }
        if try store.event(id: r.eventId)?.kind == .project {
            if let type = try store.costTypes(eventId: r.eventId)[r.id!] {
                print("  cost type \(type.rawValue)")
            } else {
                let suggestion = CostTypeSuggester(learned: try store.learnedCostTypes()).suggest(vendor: r.vendor, category: r.category)
                print("  cost type \(suggestion.type.rawValue) (suggested: \(suggestion.reason))")
            }
        }
        print("  image     \(r.hasImage ? image.path : "none (typed in)")\(imageMissing ? "  (MISSING)" : "")")
        let corrections = try store.corrections(receiptId: r.id!)
        if !corrections.isEmpty {
            print("  corrections:")
            for c in corrections { print("    \(c.at)  \(c.field): \(c.oldValue ?? "—") → \(c.newValue ?? "—")") }
        }
        print("  --- OCR text ---")
        for line in r.ocrText.split(separator: "\n", omittingEmptySubsequences: false) { print("  | \(line)") }
    }
}

enum ReceiptLookup {
    static func find(_ id: Int64, in store: ExpenseStore) throws -> Receipt {
        if let r = try store.receipt(id: id) { return r }
        printError("rebut: no receipt #\(id)")
        throw RebutExit.notFound
    }

    /// A field's stored value as canonical text.
    static func value(of field: ReceiptField, in r: Receipt) -> String? {
        switch field {
        case .vendor: return r.vendor
        case .date: return r.date?.iso8601
        case .total: return r.total.map { MoneyFormat.canonical($0, currency: r.currency) }
        case .currency: return r.currency
        case .payment: return r.payment
        case .tax: return r.tax.map { MoneyFormat.canonical($0, currency: r.currency) }
        case .category: return r.category
        }
    }
}
