import ArgumentParser
import Extraction
import Foundation
import Pipeline
import Store

struct VendorsList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list",
        abstract: "List known vendors: receipts, corrections, usual category and currency.",
        discussion: """
        Examples:
          rebut vendors list
          rebut vendors list --json | jq '.[] | select(.receipts > 3)'
        """)

    @Flag(name: .long, help: "Print a JSON array.") var json = false
    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let store = try storeOptions.open(.readOnly)
        let vendors = try store.vendorLexicon().all
        if json {
            print(JSONOutput.pretty(vendors.map(VendorSummary.init)))
            return
        }
        if vendors.isEmpty {
            print("No vendors yet: they are learned from the receipts you file (`rebut ingest PATH --event NAME`).")
            return
        }
        for vendor in vendors { print(VendorSummary(vendor).oneLine) }
    }
}

/// One vendor as `vendors list` and `vendors show` print it.
struct VendorSummary: Encodable {
    var name: String
    var receipts: Int
    var corrections: Int
    var spellings: [String]
    var identifiers: [String]
    var phones: [String]
    var addressLines: Int
    var usualCategory: String?
    var usualCurrency: String?
    var usualPayment: String?
    var usualTotalLabel: String?

    init(_ vendor: KnownVendor) {
        name = vendor.name
        receipts = vendor.receipts
        corrections = vendor.corrections
        spellings = (Set(vendor.spellings.keys).subtracting([vendor.name]).union(vendor.variants)).sorted()
        identifiers = vendor.identifiers.sorted()
        phones = vendor.phones.sorted()
        addressLines = vendor.addressLines.count
        usualCategory = vendor.usualCategory
        usualCurrency = vendor.usualCurrency
        usualPayment = vendor.usualPayment
        usualTotalLabel = vendor.usualTotalLabel
    }

    var oneLine: String {
        var parts = ["\(receipts) receipt\(receipts == 1 ? "" : "s")"]
        if corrections > 0 { parts.append("\(corrections) corrected") }
        if let usualCategory { parts.append(usualCategory) }
        if let usualCurrency { parts.append(usualCurrency) }
        if !spellings.isEmpty { parts.append("\(spellings.count) other spelling\(spellings.count == 1 ? "" : "s")") }
        return "\(name)  (" + parts.joined(separator: ", ") + ")"
    }
}
