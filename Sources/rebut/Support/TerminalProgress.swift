import Foundation
import Pipeline
#if canImport(Glibc)
import Glibc
#endif

/// A one-line progress bar on stderr, drawn only when stderr is a terminal, so logs and
/// pipes get clean output.
final class TerminalProgress: BatchProgress, @unchecked Sendable {
    private let lock = NSLock()
    private let enabled: Bool
    private let started = Date()

    init() {
        enabled = isatty(STDERR_FILENO) == 1
    }

    func batchStarted(total: Int) {
        draw(done: 0, total: total, last: nil)
    }

    func receiptFinished(_ result: FilingResult, done: Int, total: Int) {
        tick(done: done, total: total, name: result.source.lastPathComponent)
    }

    /// For callers that are not filing receipts (benchmarks).
    func tick(done: Int, total: Int, name: String) {
        draw(done: done, total: total, last: name)
        if done == total { finish() }
    }

    private func draw(done: Int, total: Int, last: String?) {
        guard enabled, total > 0 else { return }
        lock.lock(); defer { lock.unlock() }
        let width = 30
        let filled = width * done / total
        let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
        let elapsed = Date().timeIntervalSince(started)
        let rate = done > 0 ? String(format: " %.1f/s", Double(done) / max(elapsed, 0.001)) : ""
        var name = last ?? ""
        if name.count > 28 { name = "…" + name.suffix(27) }
        FileHandle.standardError.write(Data("\r\u{1B}[K\(bar) \(done)/\(total)\(rate) \(name)".utf8))
    }

    /// Erases the bar so a line can be printed in its place; the next tick redraws it.
    func clear() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }

    private func finish() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
