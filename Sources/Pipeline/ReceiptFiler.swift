import Categorisation
import Extraction
import Foundation
import Imaging
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
    /// What a person should know about the capture (several receipts on one page).
    public var notes: [String] = []

    public init(source: URL, outcome: Outcome, notes: [String] = []) {
        self.source = source
        self.outcome = outcome
        self.notes = notes
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

/// Where an analysed receipt is filed.
public struct FilingDestination: Sendable {
    /// The event, when it is known before the receipt is read: its currency and kind then
    /// guide extraction and categorisation.
    public var event: Event?
    /// Picks the event from what the receipt says (its date), when `event` is nil. Runs on the
    /// blocking-I/O queue and may create the event.
    public var pick: (@Sendable (LocalDate?, ExpenseStore) throws -> Event)?

    public static func event(_ event: Event) -> FilingDestination {
        FilingDestination(event: event, pick: nil)
    }

    public static func pickedByDate(_ pick: @escaping @Sendable (LocalDate?, ExpenseStore) throws -> Event) -> FilingDestination {
        FilingDestination(event: nil, pick: pick)
    }
}

/// Stage 6 on top of the analyser: skips known images before OCR, files the rest atomically.
/// The one filing path: `rebut ingest`, the watched folder and every other caller go through
/// `file(_:to:sourcePath:)`, so a receipt is analysed and filed the same way whoever drops it.
public final class ReceiptFiler: Sendable {
    public let analyser: ReceiptAnalyser
    public let store: ExpenseStore
    /// What the store knows of vendors and categories, read once and kept up to date by the
    /// receipts this filer files (see `FilingMemory`).
    private let memory: FilingMemory

    public init(analyser: ReceiptAnalyser, store: ExpenseStore) {
        self.analyser = analyser
        self.store = store
        self.memory = FilingMemory(store: store)
    }

    /// Files one image under `event`. Never throws: every outcome, failures included, is a value,
    /// so a batch goes on after a bad file.
    public func file(_ url: URL, into event: Event) async -> FilingResult {
        let ingested: IngestedFile
        do {
            ingested = try await analyser.ingestOffPool(url)
        } catch {
            return .failed(error)
        }
        return await file(ingested, to: .event(event))
    }

    public func file(_ ingested: IngestedFile, into event: Event) async -> FilingResult {
        await file(ingested, to: .event(event))
    }

    /// `sourcePath` is recorded by the folder watcher only (see `Receipt.sourcePath`).
    public func file(_ ingested: IngestedFile, to destination: FilingDestination, sourcePath: String? = nil) async -> FilingResult {
        let url = ingested.url
        do {
            if let existing = try await store.nonBlocking.receipt(sha256: ingested.sha256) {
                return FilingResult(source: url, outcome: .duplicate(existing: existing))
            }
        } catch {
            return .failed(ReceiptFailure(file: url, stage: .file, reason: "store: \(error)"))
        }
        let context: AnalysisContext
        do {
            context = try await memory.context(for: destination.event)
        } catch {
            return .failed(ReceiptFailure(file: url, stage: .file, reason: "store: \(error)"))
        }
        let analysed: AnalysedReceipt
        do {
            analysed = try await analyser.analyse(ingested, context: context)
        } catch {
            return .failed(error)
        }
        let event: Event
        do {
            if let known = destination.event {
                event = known
            } else if let pick = destination.pick {
                // A bill printing a flat's address goes to that flat; anything else by its date.
                let date = analysed.fields.date
                let lines = analysed.page.lines.map(\.text)
                event = try await store.nonBlocking.run { try $0.property(addressedIn: lines) ?? pick(date, $0) }
            } else {
                return .failed(ReceiptFailure(file: url, stage: .file, reason: "no event to file under"))
            }
        } catch {
            return .failed(ReceiptFailure(file: url, stage: .file, reason: "store: \(error)"))
        }
        let result = await file(analysed, into: event, sourcePath: sourcePath)
        // Only a receipt this filer wrote teaches it something (a duplicate was known already).
        switch result.outcome {
        case .filed(let receipt), .needsReview(let receipt, _): memory.learn(receipt)
        case .duplicate, .failed: break
        }
        return result
    }

    /// Writes an analysed receipt; the store makes the image copy and the row one atomic step.
    public func file(_ analysed: AnalysedReceipt, into event: Event, sourcePath: String? = nil) async -> FilingResult {
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
                             sourcePath: sourcePath,
                             billingPeriod: BillingPeriodExtractor.find(in: analysed.page.lines.map(\.text),
                                                                        issueDate: analysed.fields.date),
                             location: analysed.file.location ?? heifLocation(analysed.file),
                             readImage: analysed.readImage)
        do {
            switch try await store.nonBlocking.file(new, into: eventId) {
            case .duplicate(let existing):
                return FilingResult(source: url, outcome: .duplicate(existing: existing))
            case .filed(let receipt):
                return FilingResult(source: url, outcome: analysed.needsReview
                    ? .needsReview(receipt, uncertain: analysed.uncertainFields)
                    : .filed(receipt), notes: analysed.page.notes)
            }
        } catch {
            return .failed(ReceiptFailure(file: url, stage: .file, reason: "store: \(error)"))
        }
    }
}

/// A HEIC or AVIF photo keeps its EXIF (and GPS) inside the HEIF container, which only libheif reads.
private func heifLocation(_ file: IngestedFile) -> GeoPoint? {
    file.format == .heic || file.format == .avif ? HEIFMetadata.location(in: file.data) : nil
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
