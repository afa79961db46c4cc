import Foundation
import Imaging
import Ingest
import RebutCore
import Store

/// Reduced images of receipts for a report's appendix, made in parallel (one per core).
public enum ReceiptThumbnails {
    /// 300×560 px fits the PDF's 166×300 pt cell at about 130 dpi: a printed total stays legible.
    public static let maxWidth = 300, maxHeight = 560

    /// Thumbnails by receipt id, and one line per image that could not be shown (named, with why).
    public static func make(for receipts: [Receipt], store: ExpenseStore) -> (thumbnails: [Int64: ReportThumbnail], problems: [String]) {
        let withImages = receipts.filter { $0.hasImage && $0.id != nil }
        let results = UnsafeResults(count: withImages.count)
        DispatchQueue.concurrentPerform(iterations: withImages.count) { index in
            let receipt = withImages[index]
            do {
                let file = try Ingestor().read(store.imageURL(for: receipt))
                let small = try Thumbnail.make(from: file, maxWidth: maxWidth, maxHeight: maxHeight)
                results.set(index, .success(ReportThumbnail(caption: caption(receipt), detail: receipt.vendor, jpeg: small.jpeg, width: small.width,
                                                            height: small.height,
                                                            flag: receipt.status == .needsReview ? "needs review" : nil)))
            } catch {
                results.set(index, .failure(Problem(message: "image of #\(receipt.id!) (\(receipt.fileName)) cannot be shown: \(error)")))
            }
        }
        var thumbnails: [Int64: ReportThumbnail] = [:]
        var problems: [String] = []
        for (receipt, result) in zip(withImages, results.values) {
            switch result {
            case .success(let thumbnail): thumbnails[receipt.id!] = thumbnail
            case .failure(let problem): problems.append(problem.message)
            case nil: break
            }
        }
        return (thumbnails, problems)
    }

    static func caption(_ r: Receipt) -> String {
        var parts = ["#\(r.id ?? 0)", r.date?.iso8601 ?? "undated"]
        if let total = r.total { parts.append(ReportText.money(total, currency: r.currency ?? "?")) }
        return parts.joined(separator: " · ")
    }

    struct Problem: Error { var message: String }

    /// Slots written by index from concurrent workers, each slot by one worker only.
    private final class UnsafeResults: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var values: [Result<ReportThumbnail, Problem>?]
        init(count: Int) { values = Array(repeating: nil, count: count) }
        func set(_ index: Int, _ value: Result<ReportThumbnail, Problem>) {
            lock.lock(); defer { lock.unlock() }
            values[index] = value
        }
    }
}
