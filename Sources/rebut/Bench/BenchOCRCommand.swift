import ArgumentParser

/// Placeholder: owned by the imaging/OCR work.
struct BenchOCRCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "ocr",
        abstract: "Measure how much of the truth the OCR text contains, per cleaning option.")
    func run() async throws {}
}
