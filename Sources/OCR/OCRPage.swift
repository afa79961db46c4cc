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

    public init(lines: [TextLine], meanConfidence: Double, width: Int, height: Int) {
        self.lines = lines
        self.meanConfidence = meanConfidence
        self.width = width
        self.height = height
    }

    public var text: String { lines.map(\.text).joined(separator: "\n") }
}

public enum OCRError: Error, Sendable, Equatable, CustomStringConvertible {
    case initFailed(languages: String, tessdata: String)
    case missingLanguage(String)
    case recognitionFailed
    case poolShutDown

    public var description: String {
        switch self {
        case .initFailed(let languages, let tessdata):
            return "Tesseract could not start with languages \(languages) from \(tessdata)"
        case .missingLanguage(let language):
            return "no Tesseract language data for \"\(language)\" (install tesseract-ocr-\(language))"
        case .recognitionFailed: return "Tesseract failed to recognise the image"
        case .poolShutDown: return "the OCR workers have been shut down"
        }
    }
}
