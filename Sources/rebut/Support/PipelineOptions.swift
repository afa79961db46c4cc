import ArgumentParser
import Categorisation
import OCR
import Pipeline

/// How receipts are read: languages, workers and the cleaning steps (switchable for measurement).
struct PipelineOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "Tesseract languages, joined with +.",
        discussion: "Installed: eng, spa, cat, deu, fra. Example: --lang spa+cat.",
        valueName: "langs"))
    var lang: String = "eng"

    @Option(name: .long, help: "Receipts read in parallel (default: one per core, at most 8; never more than there are inputs).")
    var jobs: Int?

    @Flag(name: .customLong("no-crop"), help: .hidden) var noCrop = false
    @Flag(name: .customLong("no-deskew"), help: .hidden) var noDeskew = false
    @Flag(name: .customLong("no-normalize"), help: .hidden) var noNormalize = false
    @Flag(name: .customLong("no-binarize"), help: .hidden) var noBinarize = false
    @Flag(name: .customLong("no-scale"), help: .hidden) var noScale = false
    @Flag(name: .customLong("no-reread"), help: .hidden) var noReread = false
    /// Median character height the page is scaled to, for measuring (`rebut bench`).
    @Option(name: .customLong("char-height"), help: .hidden) var characterHeight: Int?
    /// A Tesseract variable NAME=VALUE set at engine start, for measuring (`rebut bench`).
    @Option(name: .customLong("tesseract-variable"), help: .hidden) var tesseractVariables: [TesseractVariable] = []

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        let valid = lang.split(separator: "+").allSatisfy { $0.count >= 3 && $0.allSatisfy(\.isLetter) }
        if !valid { throw ValidationError("--lang takes codes like eng or spa+cat, not '\(lang)'") }
    }
}


extension PipelineOptions {
    var configuration: PipelineConfiguration {
        var off = Set<CleaningStep>()
        if noCrop { off.insert(.crop) }
        if noDeskew { off.insert(.deskew) }
        if noNormalize { off.insert(.normalize) }
        if noBinarize { off.insert(.binarize) }
        if noScale { off.insert(.scale) }
        var configuration = PipelineConfiguration(languages: lang, jobs: jobs, disabling: off)
        configuration.rereadUncertainFields = !noReread
        if let characterHeight { configuration.cleaning.targetCharacterHeight = characterHeight }
        for variable in tesseractVariables { configuration.ocr.variables[variable.name] = variable.value }
        return configuration
    }

    /// `inputs`: how many files there are to read, when known; no more engines are started.
    func makeAnalyser(rules: CategoryRules? = nil, inputs: Int? = nil) async throws -> ReceiptAnalyser {
        let rules = try rules ?? CategoryRulesLoader.load()
        var configuration = configuration
        if let inputs { configuration.jobs = PipelineConfiguration.jobs(requested: jobs, inputs: inputs) }
        do {
            return try await ReceiptAnalyser.start(configuration: configuration, rules: rules)
        } catch {
            printError("cannot start the OCR engines (--lang \(lang)): \(error)")
            throw RebutExit.internalError
        }
    }
}

enum CategoryRulesLoader {
    /// The user's rules file, or the built-in rules; a broken file stops the command with its
    /// line number rather than quietly falling back.
    static func load() throws -> CategoryRules {
        do {
            return try UserFiles.categoryRules()
        } catch {
            printError("rebut: \(UserFiles.categoryRulesURL().path): \(error)")
            throw RebutExit.notFound
        }
    }
}
