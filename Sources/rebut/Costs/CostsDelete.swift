import ArgumentParser
import Store

struct CostsDelete: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a manual cost entry by its id.")

    @Argument(help: "The entry's id (see `rebut costs list PROJECT`).") var id: Int64
    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let store = try storeOptions.open(.existing)
        do {
            try store.deleteProjectCost(id: id)
        } catch let error as StoreError {
            printError("rebut: \(error)")
            throw RebutExit.notFound
        }
        print("deleted cost #\(id)")
    }
}
