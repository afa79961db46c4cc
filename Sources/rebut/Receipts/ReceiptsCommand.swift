import ArgumentParser

struct ReceiptsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "receipts",
        abstract: "List, inspect, correct and delete filed receipts.",
        discussion: """
        Examples:
          rebut receipts list --event "Flat 2B" --status needs_review
          rebut receipts candidates 12
          rebut receipts set 12 --total @2 --category repairs
        """,
        subcommands: [ReceiptsList.self, ReceiptsShow.self, ReceiptsCandidates.self, ReceiptsSet.self, ReceiptsDelete.self],
        defaultSubcommand: ReceiptsList.self)
}

/// Receipt ids are positive integers; a clear message beats ArgumentParser's generic one.
struct ReceiptID: ParsableArguments {
    @Argument(help: "The receipt's id (see `rebut receipts list`).") var id: Int64
}
