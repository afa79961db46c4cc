import Foundation
import Ingest
import RebutCore
import Store

/// Told about each receipt as it finishes; the CLI draws a progress bar from it.
public protocol BatchProgress: Sendable {
    func batchStarted(total: Int)
    func receiptFinished(_ result: FilingResult, done: Int, total: Int)
}

/// What a batch did, for the summary and the exit code: counts and the failures, not the
/// receipts. Each receipt (its OCR lines and candidates) is handed to `BatchProgress` and then
/// let go, so what a batch holds does not grow with the number of files it files.
public struct BatchSummary: Sendable {
    public private(set) var filed = 0
    public private(set) var needsReview = 0
    public private(set) var duplicates = 0
    public private(set) var failures: [ReceiptFailure] = []

    /// Inputs accounted for so far.
    public var count: Int { filed + needsReview + duplicates + failures.count }

    mutating func add(_ result: FilingResult) {
        switch result.outcome {
        case .filed: filed += 1
        case .needsReview: needsReview += 1
        case .duplicate: duplicates += 1
        case .failed(let failure): failures.append(failure)
        }
    }
}

/// Files many inputs under one event, in parallel, one OCR worker per core.
public struct BatchIngest: Sendable {
    public let filer: ReceiptFiler

    public init(filer: ReceiptFiler) {
        self.filer = filer
    }

    public func run(paths: [String], event: Event, progress: (any BatchProgress)? = nil) async -> BatchSummary {
        await run(InputCollector.collect(paths), event: event, progress: progress)
    }

    public func run(_ collected: InputCollector.Collected, event: Event, progress: (any BatchProgress)? = nil) async -> BatchSummary {
        var summary = BatchSummary()
        let problems = collected.problems.map { url, reason in
            FilingResult.failed(ReceiptFailure(file: url, stage: .ingest, reason: reason))
        }
        let files = collected.files
        let total = files.count + problems.count
        progress?.batchStarted(total: total)
        for result in problems {
            summary.add(result)
            progress?.receiptFinished(result, done: 0, total: total)
        }

        let claims = ClaimBook()
        var done = summary.count
        await forEachConcurrently(files, width: filer.analyser.configuration.jobs * 2) { url in
            await fileOne(url, event: event, claims: claims)
        } onResult: { result in
            done += 1
            summary.add(result)
            progress?.receiptFinished(result, done: done, total: total)
        }
        return summary
    }

    /// The same image twice in one batch is OCR'd once: the second waits for the first and then
    /// meets it in the store as a duplicate.
    private func fileOne(_ url: URL, event: Event, claims: ClaimBook) async -> FilingResult {
        let ingested: IngestedFile
        do {
            ingested = try await filer.analyser.ingestOffPool(url)
        } catch {
            return .failed(error)
        }
        await claims.acquire(ingested.sha256)
        let result = await filer.file(ingested, into: event)
        await claims.release(ingested.sha256)
        return result
    }
}

/// Which image hashes are being processed right now in this batch.
actor ClaimBook {
    private var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]

    /// Returns once no other file of this batch holds `sha`, and holds it.
    func acquire(_ sha: String) async {
        while waiting[sha] != nil {
            await withCheckedContinuation { waiting[sha, default: []].append($0) }
        }
        waiting[sha] = []
    }

    func release(_ sha: String) {
        for waiter in waiting.removeValue(forKey: sha) ?? [] { waiter.resume() }
    }
}
