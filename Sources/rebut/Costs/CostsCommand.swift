import ArgumentParser

struct CostsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "costs",
        abstract: "A project's costs that come on no receipt (salaries), and the deduction's rate table.",
        discussion: """
        Cost types: personnel, researchers (qualified researchers exclusively on R&D), \
        collaborations, amortisation, consumables, other, fixed-assets (investments used \
        exclusively for R&D). Receipts get theirs with `rebut receipts set ID --cost-type TYPE`.

        Examples:
          rebut costs add "Sensor R&D" --type researchers --amount 40000 --note "2 researchers, 2025"
          rebut costs list "Sensor R&D"
          rebut costs delete 3
          rebut costs rates
          rebut costs rates --set rd-excess=42
        """,
        subcommands: [CostsList.self, CostsAdd.self, CostsDelete.self, CostsRates.self],
        defaultSubcommand: CostsList.self)
}
