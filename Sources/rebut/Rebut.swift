import ArgumentParser

@main
struct Rebut: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rebut",
        abstract: "File photographed and scanned receipts as expense records, offline.",
        subcommands: [
            BenchCommand.self,
        ]
    )
}
