import DomainReports
import ArgumentParser
import Foundation
import RebutCore
import Store

struct CostsList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List a project's manual cost entries.",
        discussion: """
        Examples:
          rebut costs list "Sensor R&D"
          rebut costs list "Sensor R&D" --json
        """)

    @Argument(help: "The project.") var project: String
    @Flag(name: .long, help: "Print JSON.") var json = false
    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let store = try storeOptions.open(.readOnly)
        let event = try ProjectLookup.find(project, in: store)
        let costs = try store.projectCosts(eventId: event.id!)
        if json {
            print(JSONValue.pretty(costs.map { cost -> [String: Any] in
                ["id": cost.id ?? 0, "type": cost.type.rawValue, "amount": MoneyFormat.canonical(cost.amount, currency: cost.currency),
                 "currency": cost.currency, "date": cost.date?.iso8601 ?? NSNull(), "note": cost.note ?? NSNull()]
            }))
            return
        }
        if costs.isEmpty { print("no manual costs for \(event.name)") }
        for cost in costs { print(ProjectLookup.row(cost)) }
    }
}
