import ArgumentParser
import Categorisation
import OCR
import Pipeline

/// How receipts are read: languages and workers. Every command that reads receipts has these.
struct PipelineOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "Tesseract languages, joined with +.",
        discussion: "Installed: eng, spa, cat, deu, fra. Example: --lang spa+cat.",
        valueName: "langs"))
    var lang: String = "eng"

    @Option(name: .long, help: "Receipts read in parallel (default: one per core, at most 8, never more than there are inputs but for a second engine beside a lone one, which reads its page ahead on the idle core).")
    var jobs: Int?

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        let valid = lang.split(separator: "+").allSatisfy { $0.count >= 3 && $0.allSatisfy(\.isLetter) }
        if !valid { throw ValidationError("--lang takes codes like eng or spa+cat, not '\(lang)'") }
    }

    var configuration: PipelineConfiguration {
        PipelineConfiguration(languages: lang, jobs: jobs)
    }

    /// `inputs`: how many files there are to read, when known; no more engines are started, and
    /// the first files are decoded and cleaned while the engines start: the run then ends with
    /// `checkEngines`. Without `inputs` (a server, a watcher) the engines have started when this
    /// returns. `tuning` switches steps off, for `rebut bench` only.
    func makeAnalyser(rules: CategoryRules? = nil, inputs: Int? = nil,
                      tuning: TuningOptions? = nil) async throws -> ReceiptAnalyser {
        let rules = try rules ?? CategoryRulesLoader.load()
        var configuration = tuning?.applied(to: configuration) ?? configuration
        if let inputs { configuration.jobs = PipelineConfiguration.jobs(requested: jobs, inputs: inputs) }
        do {
            let analyser = try await ReceiptAnalyser.start(configuration: configuration, rules: rules)
            if inputs == nil { try await analyser.waitForEngines() }
            return analyser
        } catch {
            throw enginesDidNotStart(error)
        }
    }

    /// An engine that could not start failed every image its worker took, each named already;
    /// the run then ends as an internal error (exit 70), not as inputs that failed.
    func checkEngines(_ analyser: ReceiptAnalyser) throws {
        guard let failure = analyser.engineFailure else { return }
        throw enginesDidNotStart(failure)
    }

    private func enginesDidNotStart(_ error: any Error) -> ExitCode {
        printError("cannot start the OCR engines (--lang \(lang)): \(error)")
        return RebutExit.internalError
    }
}

/// Steps switched off or set by hand, to measure what each is worth (`rebut bench accuracy`).
struct TuningOptions: ParsableArguments {
    @Flag(name: .customLong("no-crop"), help: "Do not cut the receipt out of its background.") var noCrop = false
    @Flag(name: .customLong("no-deskew"), help: "Do not straighten small rotations.") var noDeskew = false
    @Flag(name: .customLong("no-flatten"), help: "Do not straighten lines bowed by a curled slip.") var noFlatten = false
    @Flag(name: .customLong("no-fan"), help: "Do not level lines fanned out by a slip seen from one side.") var noFan = false
    @Flag(name: .customLong("no-normalize"), help: "Do not flatten uneven backgrounds.") var noNormalize = false
    @Flag(name: .customLong("no-scale"), help: "Do not scale text to the height Tesseract reads best.") var noScale = false
    @Flag(name: .customLong("no-stretch"), help: "Do not stretch faint print (a faded slip) or dim paper (a photo taken in dim light) to black on white.") var noStretch = false
    @Flag(name: .customLong("no-dotted"), help: "Do not read dot-matrix print thickened from the start.") var noDotted = false
    @Flag(name: .customLong("no-reread"), help: "Do not read uncertain lines or the whole page again.") var noReread = false
    @Flag(name: .customLong("no-unread-bands"), help: "Do not read again the bands of print the page's layout analysis left out.")
    var noUnreadBands = false
    @Option(name: .customLong("char-height"), help: "Median character height the page is scaled to.")
    var characterHeight: Int?
    @Option(name: .customLong("tesseract-variable"), help: ArgumentHelp("A Tesseract variable NAME=VALUE set at engine start (repeatable).", valueName: "name=value"))
    var tesseractVariables: [TesseractVariable] = []
    @Option(name: .customLong("max-scaled-mp"), help: "Megapixels scaling text up may make an image at most (default 10).")
    var maxScaledMegapixels: Double?
    @Option(name: .customLong("verify-heights"), help: ArgumentHelp("Line heights, in pixels, at which the picked date and total lines are read again, comma-separated (default 24,30).", valueName: "px,px"))
    var verificationHeights: String?

    func validate() throws {
        if let maxScaledMegapixels, !(maxScaledMegapixels > 0) {
            throw ValidationError("--max-scaled-mp takes a number of megapixels above 0, not \(maxScaledMegapixels)")
        }
        if let verificationHeights {
            let heights = verificationHeights.split(separator: ",", omittingEmptySubsequences: false)
            if heights.contains(where: { Int($0).map { $0 < 8 } ?? true }) {
                throw ValidationError("--verify-heights takes line heights of 8 px or more, comma-separated (24,30), not '\(verificationHeights)'")
            }
        }
    }

    func applied(to base: PipelineConfiguration) -> PipelineConfiguration {
        var off = Set<CleaningStep>()
        if noCrop { off.insert(.crop) }
        if noDeskew { off.insert(.deskew) }
        if noFlatten { off.insert(.flatten) }
        if noFan { off.insert(.fan) }
        if noNormalize { off.insert(.normalize) }
        if noScale { off.insert(.scale) }
        if noStretch { off.insert(.stretch) }
        if noDotted { off.insert(.dotted) }
        var configuration = PipelineConfiguration(languages: base.languages, jobs: base.jobs, disabling: off)
        configuration.rereadUncertainFields = !noReread
        if noUnreadBands { configuration.ocr.recoverUnreadBands = false }
        if let characterHeight { configuration.cleaning.targetCharacterHeight = characterHeight }
        for variable in tesseractVariables { configuration.ocr.variables[variable.name] = variable.value }
        if let maxScaledMegapixels { configuration.cleaning.maxScaledPixels = Int(maxScaledMegapixels * 1_000_000) }
        if let verificationHeights {
            configuration.reread.verificationLineHeights = verificationHeights.split(separator: ",").compactMap { Int($0) }
        }
        return configuration
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
