import Foundation
import OCR
import RebutCore

/// The stages a receipt can fail in, in order (OCRmyPDF-style): a failure names the one it
/// stopped in. Extraction and categorisation are pure and cannot fail, so they have no name here.
public enum StageName: String, Sendable, Codable, CaseIterable {
    case ingest, decode, clean, ocr, file
}

extension WorkerStepFailure.Step {
    var stage: StageName {
        switch self {
        case .decode: return .decode
        case .clean: return .clean
        case .ocr: return .ocr
        }
    }
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
