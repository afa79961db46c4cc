import ArgumentParser

struct ReceiptsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "receipts",
        abstract: "List, inspect, correct, add and delete filed receipts.",
        discussion: """
        Examples:
          rebut receipts list --event "Flat 2B" --status needs_review
          rebut receipts candidates 12
          rebut receipts set 12 --total @2 --category repairs
          rebut receipts set 12 --event "Paris trip"          # move it
          rebut receipts add --event "Flat 2B" --vendor Endesa --date 2024-02-01 --total 61.20
        """,
        subcommands: [ReceiptsList.self, ReceiptsShow.self, ReceiptsCandidates.self, ReceiptsSet.self, ReceiptsAdd.self,
                      ReceiptsDelete.self],
        defaultSubcommand: ReceiptsList.self)
}

/// Receipt ids are positive integers; a clear message beats ArgumentParser's generic one.
struct ReceiptID: ParsableArguments {
    @Argument(help: "The receipt's id (see `rebut receipts list`).") var id: Int64
}
