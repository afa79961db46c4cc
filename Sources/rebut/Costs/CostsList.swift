import ArgumentParser
import Store

struct CostsList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List a project's manual cost entries.")

    @Argument(help: "The project.") var project: String
    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let store = try storeOptions.open(.readOnly)
        let event = try ProjectLookup.find(project, in: store)
        let costs = try store.projectCosts(eventId: event.id!)
        if costs.isEmpty { print("no manual costs for \(event.name)") }
        for cost in costs { print(ProjectLookup.row(cost)) }
    }
}
