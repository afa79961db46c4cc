import ArgumentParser
import Foundation
import Pipeline
import RebutCore
import Store

struct VendorsRename: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rename",
        abstract: "Give a vendor a new name on all its receipts.",
        discussion: """
        Every receipt of OLD gets the vendor NEW, each recorded as a correction, in one \
        transaction. When NEW is already a vendor, this is a merge.

        Examples:
          rebut vendors rename "Mr Diy" "MR. D.I.Y. (M) SDN BHD"
          rebut vendors rename "ENDESA" "Endesa Energía S.A.U."
        """)

    @Argument(help: "The vendor's current name.") var old: String
    @Argument(help: "The name its receipts get.") var new: String
    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        if new.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("NEW is empty: give the vendor a name") }
    }

    func run() async throws {
        try Self.rename(old, to: new, in: try storeOptions.open(.existing))
    }

    static func rename(_ old: String, to new: String, in store: ExpenseStore) throws {
        let changed: [Receipt]
        do {
            changed = try store.renameVendor(old, to: new)
        } catch let error as StoreError {
            printError("rebut: \(error)")
            throw RebutExit.notFound
        } catch let error as ExpenseStore.FieldRefused {
            printError("rebut: \(error)")
            throw RebutExit.notFound
        }
        print("\(changed.count) receipt\(changed.count == 1 ? "" : "s") now filed under \(changed.first?.vendor ?? new)")
    }
}
