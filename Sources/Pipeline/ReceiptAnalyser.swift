import Categorisation
import Extraction
import Foundation
import Imaging
import Ingest
import OCR
import RebutCore

/// What the pipeline made of one image before anything is stored.
public struct AnalysedReceipt: Sendable {
    public var file: IngestedFile
    public var page: OCRPage
    public var fields: ReceiptFields
    public var category: CategoryDecision
    /// Vendor, date or total missing, or below the extractor's confidence threshold.
    public var uncertainFields: [ReceiptField]
    /// What decoding, cleaning, reading and re-reading cost; nil when the page came from elsewhere.
    public var timings: OCRTimings?
    /// The image the OCR read, whose pixels the lines' boxes are in; kept with the receipt.
    public var readImage: ReadImage?

    /// Missing or unsure fields, or a capture a person should look at (several slips on a page).
    public var needsReview: Bool { !uncertainFields.isEmpty || !page.notes.isEmpty }

    /// The image decoded but the OCR found no text on it (faded, blank, not a receipt).
    public var foundNoText: Bool {
        !page.lines.contains { !$0.text.trimmingCharacters(in: .whitespaces).isEmpty }
    }
}

/// What the user's own history tells extraction and categorisation.
public struct AnalysisContext: Sendable {
    public var defaultCurrency: String?
    public var knownVendors: [String]
    public var learnedCategories: [String: String]
    /// The event's kind hints at the category group (a flat's bills are household costs).
    public var preferredGroup: CategoryGroup?
    /// Every vendor filed or corrected, with its numbers, address lines and habits.
    public var lexicon: VendorLexicon
    /// The event's dates, or the dates of its other receipts.
    public var datePrior: DatePrior?

    public init(defaultCurrency: String? = nil, knownVendors: [String] = [],
                learnedCategories: [String: String] = [:], preferredGroup: CategoryGroup? = nil,
                lexicon: VendorLexicon = .init(), datePrior: DatePrior? = nil) {
        self.defaultCurrency = defaultCurrency
        self.knownVendors = knownVendors
        self.learnedCategories = learnedCategories
        self.preferredGroup = preferredGroup
        self.lexicon = lexicon
        self.datePrior = datePrior
    }
}

/// Stages 1–5: ingest, clean + OCR (on the worker pool), extract, categorise.
/// Stateless apart from the pool, so one analyser serves a whole batch or a watcher.
public final class ReceiptAnalyser: Sendable {
    public let configuration: PipelineConfiguration
    private let ingestor: Ingestor
    private let pool: OCRWorkerPool
    private let extractor = ReceiptExtractor()
    public let rules: CategoryRules

    /// Starts the OCR workers: engines are created here, once, never per receipt.
    public init(configuration: PipelineConfiguration, rules: CategoryRules = .builtIn) throws {
        self.configuration = configuration
        self.ingestor = Ingestor(maxFileBytes: configuration.maxFileBytes)
        self.pool = try OCRWorkerPool(workers: configuration.jobs,
                                      settings: configuration.ocr,
                                      cleaning: configuration.cleaning)
        self.rules = rules
    }

    deinit { pool.shutdown() }

    /// Waits until every OCR engine has started (see `OCRWorkerPool.waitForEngines`), off the
    /// cooperative pool.
    public func waitForEngines() async throws {
        try await BlockingIO.run { [pool] in try pool.waitForEngines() }
    }

    /// Why an OCR engine could not start, once one has failed: every image its worker took then
    /// failed with this reason.
    public var engineFailure: OCRError? { pool.engineFailure }

    /// Images handed to the OCR workers so far (see `OCRWorkerPool.filesRead`).
    public var filesRead: Int { pool.filesRead }

    /// From async code: `init` checks the languages' files and, with Tesseract variables set,
    /// waits for the engines to start (50–200 ms each), so it runs on the blocking-I/O queue,
    /// not on the cooperative pool.
    public static func start(configuration: PipelineConfiguration, rules: CategoryRules = .builtIn) async throws -> ReceiptAnalyser {
        try await BlockingIO.run { try ReceiptAnalyser(configuration: configuration, rules: rules) }
    }

    /// Stage 1 alone: cheap, so callers can skip receipts already filed before paying for OCR.
    public func ingest(_ url: URL) throws(ReceiptFailure) -> IngestedFile {
        do {
            return try ingestor.read(url)
        } catch {
            throw ReceiptFailure(file: url, stage: .ingest, reason: error.description)
        }
    }

    /// Stage 1 from async code: reading a file of up to `maxFileBytes` blocks, so it happens
    /// on the blocking-I/O queue, not on the cooperative pool.
    public func ingestOffPool(_ url: URL) async throws(ReceiptFailure) -> IngestedFile {
        let result: Result<IngestedFile, ReceiptFailure>
        do {
            result = try await BlockingIO.run { [self] in
                do throws(ReceiptFailure) { return .success(try ingest(url)) } catch { return .failure(error) }
            }
        } catch {
            throw ReceiptFailure(file: url, stage: .ingest, reason: "\(error)")
        }
        return try result.get()
    }

    public func analyse(_ url: URL, context: AnalysisContext = .init()) async throws(ReceiptFailure) -> AnalysedReceipt {
        try await analyse(try await ingestOffPool(url), context: context)
    }

    public func analyse(_ file: IngestedFile, context: AnalysisContext = .init()) async throws(ReceiptFailure) -> AnalysedReceipt {
        let outcome: OCROutcome
        // One planner from the worker to the merge: the page it extracts to plan re-reads is the
        // page the merge starts from, extracted once.
        let planner = configuration.rereadUncertainFields
            ? RereadPlanner(extraction: extractionContext(context),
                            verificationLineHeights: configuration.reread.verificationLineHeights)
            : nil
        do {
            if let planner {
                outcome = try await pool.process(file, rereading: configuration.reread, refine: planner.requests,
                                                 fallback: planner.nextFallbackMode, readingAhead: RereadPlanner.fallbackModes.first)
            } else {
                outcome = try await pool.process(file)
            }
        } catch let failure as WorkerStepFailure {
            throw ReceiptFailure(file: file.url, stage: failure.step.stage, reason: failure.reason)
        } catch {
            throw ReceiptFailure(file: file.url, stage: .ocr, reason: "\(error)")
        }
        // A page with no text still becomes a receipt: filed for review with its image, so a
        // person can type in what the OCR could not read.
        var analysed = analyse(file, page: outcome.page, context: context, planner: planner)
        analysed.timings = outcome.timings
        analysed.readImage = outcome.readImage
        return analysed
    }

    /// Stages 4–5 on OCR output already in hand: pure and synchronous.
    public func analyse(_ file: IngestedFile, page: OCRPage, context: AnalysisContext,
                        planner: RereadPlanner? = nil) -> AnalysedReceipt {
        let extraction = extractionContext(context)
        let fields = page.rereads.isEmpty && page.fallbackReadings.isEmpty
            ? extractor.extract(from: page.lines, context: extraction)
            : (planner ?? RereadPlanner(extraction: extraction)).merge(page)
        let categoriser = Categoriser(rules: rules, learned: context.learnedCategories)
        let category = categoriser.categorise(vendor: fields.vendor, lines: page.lines, preferring: context.preferredGroup)
        return AnalysedReceipt(file: file, page: page, fields: fields, category: category,
                               uncertainFields: Self.uncertainFields(in: fields))
    }

    public static func uncertainFields(in fields: ReceiptFields) -> [ReceiptField] {
        ReviewRule.uncertainFields(threshold: ReviewRule.threshold,
                                   isPresent: fields.hasValue, confidence: { fields.confidence[$0] })
    }

    private func extractionContext(_ context: AnalysisContext) -> ExtractionContext {
        ExtractionContext(languages: configuration.languageHints, defaultCurrency: context.defaultCurrency,
                          referenceDate: referenceDay, knownVendors: context.knownVendors,
                          lexicon: context.lexicon, datePrior: context.datePrior)
    }

    private var referenceDay: LocalDate {
        LocalDate.containing(configuration.referenceDate ?? Date())
    }
}
