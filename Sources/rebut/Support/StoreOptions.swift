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

    func validate() throws {
        if let store, store.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--store needs a path to an SQLite file")
        }
    }

    var url: URL {
        if let store { return URL(fileURLWithPath: (store as NSString).expandingTildeInPath) }
        return ExpenseStore.defaultPath()
    }

    /// Opens the store; only filing commands pass `.create`, so a mistyped path is an error
    /// everywhere else. Category corrections are checked against the categories in `rules`.
    func open(_ mode: ExpenseStore.OpenMode, rules: CategoryRules? = nil) throws -> ExpenseStore {
        let categories = try rules ?? CategoryRulesLoader.load()
        do {
            return try ExpenseStore(path: url, mode: mode, knownCategories: Set(categories.categories.map(\.id)))
        } catch let error as StoreError {
            printError("rebut: \(error)")
            switch error {
            case .storeNotFound, .notAStore: throw RebutExit.notFound
            default: throw RebutExit.internalError
            }
        } catch {
            printError("rebut: cannot open the store \(url.path): \(error)")
            throw RebutExit.internalError
        }
    }
}

func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
