import ArgumentParser
import Categorisation
import Foundation
import Store

/// `--store PATH`, shared by every command that reads or writes the expense store.
struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The expense store (an SQLite file).",
        discussion: "Defaults to $REBUT_STORE, else $XDG_DATA_HOME/rebut/rebut.sqlite.",
        valueName: "path"))
    var store: String?

    var url: URL {
        if let store { return URL(fileURLWithPath: store) }
        return ExpenseStore.defaultPath()
    }

    /// Opens the store; category corrections are checked against the categories in `rules`.
    func open(rules: CategoryRules? = nil) throws -> ExpenseStore {
        let categories = try rules ?? CategoryRulesLoader.load()
        do {
            return try ExpenseStore(path: url, knownCategories: Set(categories.categories.map(\.id)))
        } catch {
            printError("cannot open the store \(url.path): \(error)")
            throw RebutExit.internalError
        }
    }
}

func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
