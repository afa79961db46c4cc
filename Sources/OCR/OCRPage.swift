import Foundation
import RebutCore

/// What Tesseract read on one cleaned image, in reading order.
public struct OCRPage: Sendable, Codable, Hashable {
    public var lines: [TextLine]
    /// Mean word confidence, 0...100 (Tesseract's scale); 0 for a page without words.
    public var meanConfidence: Double
    /// Size of the image the boxes refer to (the cleaned image).
    public var width: Int
    public var height: Int
    /// Second readings of uncertain lines, each cut out and read alone (see `LineRereader`).
    public var rereads: [LineReread]
    /// The whole page read again in another page segmentation mode, when the first reading
    /// found no trace of a required field (a date line split or dropped by the layout analysis).
    public var fallbackReadings: [FallbackReading] = []
    /// What a person should know about the capture (several receipts on one page).
    public var notes: [String] = []

    public init(lines: [TextLine], meanConfidence: Double, width: Int, height: Int, rereads: [LineReread] = []) {
        self.lines = lines
        self.meanConfidence = meanConfidence
        self.width = width
        self.height = height
        self.rereads = rereads
    }

    private enum CodingKeys: String, CodingKey { case lines, meanConfidence, width, height, rereads, fallbackReadings, notes }

    /// Pages saved before re-reading existed have no `rereads`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        lines = try container.decode([TextLine].self, forKey: .lines)
        meanConfidence = try container.decode(Double.self, forKey: .meanConfidence)
        width = try container.decode(Int.self, forKey: .width)
        height = try container.decode(Int.self, forKey: .height)
        rereads = try container.decodeIfPresent([LineReread].self, forKey: .rereads) ?? []
        fallbackReadings = try container.decodeIfPresent([FallbackReading].self, forKey: .fallbackReadings) ?? []
        notes = try container.decodeIfPresent([String].self, forKey: .notes) ?? []
    }

    public var text: String { lines.map(\.text).joined(separator: "\n") }
}

/// The page's lines as read in another page segmentation mode.
public struct FallbackReading: Sendable, Codable, Hashable {
    public var pageSegmentationMode: Int
    public var lines: [TextLine]

    public init(pageSegmentationMode: Int, lines: [TextLine]) {
        self.pageSegmentationMode = pageSegmentationMode
        self.lines = lines
    }
}

public enum OCRError: Error, Sendable, Equatable, CustomStringConvertible {
    case initFailed(languages: String, tessdata: String)
    case missingLanguage(String)
    case recognitionFailed
    case timedOut(Duration)
    case unknownVariable(String)
    case poolShutDown
    /// Stopped because nobody wanted the reading any more (see `SpeculativeReading`).
    case cancelled

    public var description: String {
        switch self {
        case .initFailed(let languages, let tessdata):
            return "Tesseract could not start with languages \(languages) from \(tessdata)"
        case .missingLanguage(let language):
            return "no Tesseract language data for \"\(language)\" (install tesseract-ocr-\(language))"
        case .recognitionFailed: return "Tesseract failed to recognise the image"
        case .unknownVariable(let name): return "Tesseract has no variable named \(name)"
        case .timedOut(let limit): return "reading the image took longer than \(limit.components.seconds) s and was stopped"
        case .poolShutDown: return "the OCR workers have been shut down"
        case .cancelled: return "the reading was no longer wanted and was stopped"
        }
    }
}
