import ArgumentParser
import Foundation
import Pipeline
import Store

struct VendorsMerge: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "merge",
        abstract: "File every receipt of one vendor under another, known one.",
        discussion: """
        Each receipt of FROM gets the vendor INTO, recorded as a correction (so Rebut learns that \
        FROM is how OCR reads INTO), all in one transaction. INTO must already be a vendor; to \
        give a vendor a new name use `rebut vendors rename`.

        Examples:
          rebut vendors merge "MERCAD0NA 5.A." "MERCADONA S.A."
          rebut vendors merge "Mr Diy" "MR. D.I.Y. (M) SDN BHD"
        """)

    @Argument(help: "The vendor whose receipts move.") var from: String
    @Argument(help: "The vendor they join.") var into: String
    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let store = try storeOptions.open(.existing)
        let lexicon = try store.vendorLexicon()
        guard let target = lexicon.vendor(named: into) else {
            printError("rebut: \(StoreError.vendorNotFound(into)); to give \(from) a new name use `rebut vendors rename`")
            throw RebutExit.notFound
        }
        try VendorsRename.rename(from, to: target.name, in: store)
    }
}
