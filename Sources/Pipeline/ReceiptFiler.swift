import Categorisation
import Extraction
import Foundation
import Ingest
import RebutCore
import Store

/// How one input ended, with the file it came from.
public struct FilingResult: Sendable {
    public enum Outcome: Sendable {
        case filed(Receipt)
        case needsReview(Receipt, uncertain: [ReceiptField])
        /// The same image (by SHA-256) is already in the store: nothing was written.
        case duplicate(existing: Receipt)
        case failed(ReceiptFailure)
    }

    public var source: URL
    public var outcome: Outcome

    public init(source: URL, outcome: Outcome) {
        self.source = source
        self.outcome = outcome
    }

    static func failed(_ failure: ReceiptFailure) -> FilingResult {
        FilingResult(source: failure.file, outcome: .failed(failure))
    }

    /// The stored receipt, when the outcome has one.
    public var receipt: Receipt? {
        switch outcome {
        case .filed(let r), .needsReview(let r, _), .duplicate(let r): return r
        case .failed: return nil
        }
    }
}

/// Stage 6 on top of the analyser: skips known images before OCR, files the rest atomically.
public final class ReceiptFiler: Sendable {
    public let analyser: ReceiptAnalyser
    public let store: ExpenseStore

    public init(analyser: ReceiptAnalyser, store: ExpenseStore) {
        self.analyser = analyser
        self.store = store
    }

    /// Files one image under `event`. Never throws: every outcome, failures included, is a value,
    /// so a batch goes on after a bad file.
    public func file(_ url: URL, into event: Event) async -> FilingResult {
        let ingested: IngestedFile
        do {
            ingested = try analyser.ingest(url)
        } catch {
            return .failed(error)
        }
        return await file(ingested, into: event)
    }

    public func file(_ ingested: IngestedFile, into event: Event) async -> FilingResult {
        let url = ingested.url
        do {
            if let existing = try store.receipt(sha256: ingested.sha256) {
                return FilingResult(source: url, outcome: .duplicate(existing: existing))
            }
        } catch {
            return .failed(ReceiptFailure(file: url, stage: .file, reason: "store: \(error)"))
        }
        let context: AnalysisContext
        do {
            context = AnalysisContext(defaultCurrency: event.currency,
                                      knownVendors: try store.knownVendors(),
                                      learnedCategories: try store.learnedCategories(),
                                      preferredGroup: event.kind.categoryGroup)
        } catch {
            return .failed(ReceiptFailure(file: url, stage: .file, reason: "store: \(error)"))
        }
        let analysed: AnalysedReceipt
        do {
            analysed = try await analyser.analyse(ingested, context: context)
        } catch {
            return .failed(error)
        }
        return file(analysed, into: event)
    }

    /// Writes an analysed receipt; the store makes the image copy and the row one atomic step.
    /// `sourcePath` is recorded by the folder watcher only (see `Receipt.sourcePath`).
    public func file(_ analysed: AnalysedReceipt, into event: Event, sourcePath: String? = nil) -> FilingResult {
        let url = analysed.file.url
        guard let eventId = event.id else {
            return .failed(ReceiptFailure(file: url, stage: .file, reason: "event \(event.name) is not saved"))
        }
        let new = NewReceipt(fileName: url.lastPathComponent,
                             sha256: analysed.file.sha256,
                             imageData: analysed.file.data,
                             imageExtension: analysed.file.format.fileExtension,
                             ocrText: analysed.page.text,
                             ocrLines: analysed.page.lines,
                             fields: analysed.fields,
                             category: analysed.category.category,
                             categoryConfidence: analysed.category.category == nil ? nil : analysed.category.score,
                             categoryCandidates: analysed.category.candidates,
                             status: analysed.needsReview ? .needsReview : .filed,
                             sourcePath: sourcePath)
        do {
            switch try store.file(new, into: eventId) {
            case .duplicate(let existing):
                return FilingResult(source: url, outcome: .duplicate(existing: existing))
            case .filed(let receipt):
                return FilingResult(source: url, outcome: analysed.needsReview
                    ? .needsReview(receipt, uncertain: analysed.uncertainFields)
                    : .filed(receipt))
            }
        } catch {
            return .failed(ReceiptFailure(file: url, stage: .file, reason: "store: \(error)"))
        }
    }
}

extension EventKind {
    /// Which category group an event of this kind mostly spends in.
    public var categoryGroup: CategoryGroup? {
        switch self {
        case .trip: return .travel
        case .property: return .household
        case .project: return .project
        case .other: return nil
        }
    }
}

extension ImageFormat {
    /// The extension the store gives its copy of the image (or PDF).
    public var fileExtension: String {
        switch self {
        case .jpeg: return "jpg"
        case .png: return "png"
        case .tiff: return "tif"
        case .webp: return "webp"
        case .heic: return "heic"
        case .avif: return "avif"
        case .pdf: return "pdf"
        }
    }
}
