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

    /// The watcher's own part is only what is particular to a dropped file: recognising the
    /// very file filed before a crash, and routing by subfolder or date; analysing and filing
    /// are `ReceiptFiler`'s, exactly as for `rebut ingest`.
    public func process(_ url: URL, snapshot: FileSnapshot) async -> WatchOutcome {
        let store = filer.store
        let ingested: IngestedFile
        do {
            ingested = try await filer.analyser.ingestOffPool(url)
        } catch {
            return FileSnapshot(url) == nil ? .vanished : .failed(error)
        }
        let destination: FilingDestination
        do {
            if let existing = try await store.nonBlocking.receipt(sha256: ingested.sha256) {
                return Self.isSameFile(existing, url: url, snapshot: snapshot) ? .alreadyFiled(existing) : .duplicate(of: existing)
            }
            destination = try await self.destination(for: url)
        } catch {
            return .failed(ReceiptFailure(file: url, stage: .file, reason: "store: \(error)"))
        }
        let result = await filer.file(ingested, to: destination, sourcePath: url.path)
        switch result.outcome {
        case .filed(let receipt): return .filed(receipt, event: await event(of: receipt, fallback: destination))
        case .needsReview(let receipt, let uncertain):
            return .needsReview(receipt, event: await event(of: receipt, fallback: destination), uncertain: uncertain)
        case .duplicate(let existing): return .duplicate(of: existing)
        case .failed(let failure): return .failed(failure)
        }
    }

    /// A subfolder or `--event` names the event before reading (it is created if new);
    /// otherwise the receipt's date picks it.
    private func destination(for url: URL) async throws -> FilingDestination {
        let router = self.router
        let route = router.route(for: url)
        guard case .named = route else {
            return .pickedByDate { date, store in try router.event(for: .byDate, date: date, in: store) }
        }
        return .event(try await filer.store.nonBlocking.run { try router.event(for: route, date: nil, in: $0) })
    }

    private func event(of receipt: Receipt, fallback destination: FilingDestination) async -> Event {
        if let event = destination.event, event.id == receipt.eventId { return event }
        let id = receipt.eventId
        let stored = try? await filer.store.nonBlocking.run { try $0.event(id: id) }
        return (stored ?? nil) ?? Event(id: id, name: "event #\(id)")
    }

    /// After a crash between the commit and the removal, the file is still here and its hash
    /// is in the store. It is the file we filed when the store recorded this very path and the
    /// file has not been written since the receipt was stored; a copy dropped later is newer.
    static func isSameFile(_ receipt: Receipt, url: URL, snapshot: FileSnapshot) -> Bool {
        receipt.sourcePath == url.path && snapshot.modificationDate <= receipt.createdAt
    }
}
