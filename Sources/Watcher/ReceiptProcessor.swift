import Foundation
import Ingest
import Pipeline
import RebutCore
import Store

/// How one dropped file ended.
public enum WatchOutcome: Sendable {
    case filed(Receipt, event: Event)
    case needsReview(Receipt, event: Event, uncertain: [ReceiptField])
    /// This very file was filed before a crash stopped its removal: finish the removal.
    case alreadyFiled(Receipt)
    /// The same image is in the store from another file.
    case duplicate(of: Receipt)
    case failed(ReceiptFailure)
    /// The file vanished before it could be read: nothing to do.
    case vanished
}

/// One file, from bytes to a committed receipt. Nothing here touches the file afterwards:
/// the watch loop disposes of it only once the outcome (and so the commit) is known.
public struct ReceiptProcessor: Sendable {
    public let filer: ReceiptFiler
    public let router: EventRouter

    public init(filer: ReceiptFiler, router: EventRouter) {
        self.filer = filer
        self.router = router
    }

    public func process(_ url: URL, snapshot: FileSnapshot) async -> WatchOutcome {
        let store = filer.store
        let ingested: IngestedFile
        do {
            ingested = try filer.analyser.ingest(url)
        } catch {
            return FileSnapshot(url) == nil ? .vanished : .failed(error)
        }
        do {
            if let existing = try store.receipt(sha256: ingested.sha256) {
                return Self.isSameFile(existing, url: url, snapshot: snapshot) ? .alreadyFiled(existing) : .duplicate(of: existing)
            }
        } catch {
            return .failed(ReceiptFailure(file: url, stage: .file, reason: "store: \(error)"))
        }

        let route = router.route(for: url)
        var event: Event?
        let context: AnalysisContext
        do {
            if case .named = route { event = try router.event(for: route, date: nil, in: store) }
            context = AnalysisContext(defaultCurrency: event?.currency,
                                      knownVendors: try store.knownVendors(),
                                      learnedCategories: try store.learnedCategories())
        } catch {
            return .failed(ReceiptFailure(file: url, stage: .file, reason: "store: \(error)"))
        }
        let analysed: AnalysedReceipt
        do {
            analysed = try await filer.analyser.analyse(ingested, context: context)
        } catch {
            return .failed(error)
        }
        let target: Event
        do {
            target = try event ?? router.event(for: route, date: analysed.fields.date, in: store)
        } catch {
            return .failed(ReceiptFailure(file: url, stage: .file, reason: "store: \(error)"))
        }
        let result = filer.file(analysed, into: target, sourcePath: url.path)
        switch result.outcome {
        case .filed(let receipt): return .filed(receipt, event: target)
        case .needsReview(let receipt, let uncertain): return .needsReview(receipt, event: target, uncertain: uncertain)
        case .duplicate(let existing): return .duplicate(of: existing)
        case .failed(let failure): return .failed(failure)
        }
    }

    /// After a crash between the commit and the removal, the file is still here and its hash
    /// is in the store. It is the file we filed when the store recorded this very path and the
    /// file has not been written since the receipt was stored; a copy dropped later is newer.
    static func isSameFile(_ receipt: Receipt, url: URL, snapshot: FileSnapshot) -> Bool {
        receipt.sourcePath == url.path && snapshot.modificationDate <= receipt.createdAt
    }
}
