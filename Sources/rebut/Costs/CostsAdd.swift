import ArgumentParser
import Foundation
import RebutCore
import RnDDeduction
import Store

struct CostsAdd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add",
        abstract: "Add a cost that has no receipt to a project.",
        discussion: """
        Examples:
          rebut costs add "Sensor R&D" --type personnel --amount 60000 --note "technicians' salaries"
          rebut costs add "Sensor R&D" --type researchers --amount 40000 --date 2025-12-31
        """)

    @Argument(help: "The project (an event of kind project).") var project: String
    @Option(name: .long, help: "personnel, researchers, collaborations, amortisation, consumables, other or fixed-assets.")
    var type: CostType
    @Option(name: .long, help: "The amount, e.g. 40000.00.") var amount: MoneyArgument
    @Option(name: .long, help: "Currency, ISO 4217 (default: the project's, else EUR).") var currency: CurrencyCode?
    @Option(name: .long, help: "The day it counts for, YYYY-MM-DD (decides the fiscal year).") var date: LocalDate?
    @Option(name: .long, help: "What it is.") var note: String?
    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let store = try storeOptions.open(.existing)
        let event = try ProjectLookup.find(project, in: store)
        do {
            let cost = try store.addProjectCost(ProjectCost(eventId: event.id!, type: type, amount: amount.amount,
                                                            currency: currency?.code ?? event.currency ?? "EUR", date: date, note: note))
            print("added \(ProjectLookup.row(cost))")
        } catch let error as StoreError {
            printError("rebut: \(error)")
            throw RebutExit.notFound
        }
    }
}

enum ProjectLookup {
    static func find(_ name: String, in store: ExpenseStore) throws -> Event {
        let event = try EventLookup.find(name, in: store)
        guard event.kind == .project else {
            printError("rebut: \(event.name) is a \(event.kind.rawValue), not a project (rebut events edit \"\(event.name)\" --kind project)")
            throw RebutExit.notFound
        }
        return event
    }

    static func row(_ cost: ProjectCost) -> String {
        "#\(cost.id ?? 0)  \(cost.date?.iso8601 ?? "(no date)")  \(cost.type.rawValue)  "
            + "\(MoneyFormat.canonical(cost.amount, currency: cost.currency)) \(cost.currency)" + (cost.note.map { "  \($0)" } ?? "")
    }
}
