import Foundation
import RebutCore

/// Turns what the user typed into the value to store: `@N` picks candidate N, `none` clears.
/// Shared by `rebut receipts set` and the web app, so "@2" means the same in both.
public enum CandidateChoice {
    public struct NoSuchCandidate: Error, Sendable, CustomStringConvertible {
        public var field: ReceiptField
        public var index: Int
        public var available: Int
        public var description: String {
            "\(field.rawValue) has \(available) candidate\(available == 1 ? "" : "s"); @\(index) does not exist"
        }
    }

    public static func resolve(_ raw: String, field: ReceiptField, in r: Receipt) throws -> String? {
        let trimmed = raw.trimmingCharacters(in: .whitespaces)
        if trimmed.lowercased() == "none" { return nil }
        guard trimmed.hasPrefix("@"), let n = Int(trimmed.dropFirst()) else { return trimmed }
        let candidates = r.candidates[field.rawValue] ?? []
        guard n >= 1, n <= candidates.count else {
            throw NoSuchCandidate(field: field, index: n, available: candidates.count)
        }
        return candidates[n - 1].value
    }
}
