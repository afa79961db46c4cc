import ArgumentParser
import Foundation
import Pipeline
import RebutCore
import Store

struct VendorsShow: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show",
        abstract: "Show what Rebut knows of one vendor: spellings, numbers, habits.",
        discussion: """
        NAME is matched as vendors are everywhere in Rebut: case, accents, punctuation and a \
        trailing legal form are ignored ("mercadona" finds "MERCADONA S.A.").

        Examples:
          rebut vendors show mercadona
          rebut vendors show "MR. D.I.Y." --json
        """)

    @Argument(help: "The vendor's name.") var name: String
    @Flag(name: .long, help: "Print JSON.") var json = false
    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let store = try storeOptions.open(.readOnly)
        guard let vendor = try store.vendorLexicon().vendor(named: name) else {
            printError("rebut: \(StoreError.vendorNotFound(name))")
            throw RebutExit.notFound
        }
        let summary = VendorSummary(vendor)
        if json {
            print(JSONOutput.pretty(summary))
            return
        }
        print(summary.name)
        print("  receipts: \(summary.receipts)" + (summary.corrections > 0 ? ", \(summary.corrections) corrected by you" : ""))
        if !summary.spellings.isEmpty { print("  also read as: " + summary.spellings.joined(separator: " | ")) }
        if !summary.identifiers.isEmpty { print("  registration/tax numbers: " + summary.identifiers.joined(separator: ", ")) }
        if !summary.phones.isEmpty { print("  phones: " + summary.phones.joined(separator: ", ")) }
        if summary.addressLines > 0 { print("  address lines: \(summary.addressLines)") }
        let habits = [("category", summary.usualCategory), ("currency", summary.usualCurrency),
                      ("payment", summary.usualPayment), ("total line", summary.usualTotalLabel.map { "\"\($0)\"" })]
            .compactMap { label, value in value.map { "\(label) \($0)" } }
        if !habits.isEmpty { print("  usually: " + habits.joined(separator: ", ")) }
    }
}
