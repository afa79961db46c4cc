import ArgumentParser

struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure accuracy and speed on a labelled dataset.",
        subcommands: [BenchAccuracyCommand.self, BenchExtractionCommand.self, BenchOCRCommand.self, BenchReportCommand.self]
    )
}
