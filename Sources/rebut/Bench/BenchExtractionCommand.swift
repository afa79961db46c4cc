import ArgumentParser

/// Placeholder: owned by the extraction work.
struct BenchExtractionCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "extraction",
        abstract: "Score extraction alone on OCR text files against a dataset's truths.")
    func run() async throws {}
}
