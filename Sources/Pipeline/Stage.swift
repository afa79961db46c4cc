import Foundation
import RebutCore

/// The named stages a receipt goes through, in order (OCRmyPDF-style): failures and
/// progress are reported against these names.
public enum StageName: String, Sendable, Codable, CaseIterable {
    case ingest, clean, ocr, extract, categorise, file
}

/// Why one input did not become a filed receipt, with the stage where it stopped.
public struct ReceiptFailure: Error, Sendable, CustomStringConvertible {
    public var file: URL
    public var stage: StageName
    public var reason: String

    public init(file: URL, stage: StageName, reason: String) {
        self.file = file
        self.stage = stage
        self.reason = reason
    }

    public var description: String { "\(file.path): \(reason) [\(stage.rawValue)]" }
}
