/// A line of recognised text, the unit Extraction reads.
///
/// OCR produces these with boxes and confidences; tests and `rebut bench` can build them
/// from plain text, so Extraction never depends on Tesseract.
public struct TextLine: Sendable, Hashable, Codable {
    public var text: String
    /// Mean word confidence, 0...100 as Tesseract reports it; nil when unknown (plain text).
    public var confidence: Double?
    /// Bounding box in the cleaned image's pixels; nil when unknown.
    public var box: Box?
    public var words: [Word]

    public init(text: String, confidence: Double? = nil, box: Box? = nil, words: [Word] = []) {
        self.text = text
        self.confidence = confidence
        self.box = box
        self.words = words
    }

    /// Splits plain text into lines with no confidence or geometry.
    public static func lines(fromPlainText text: String) -> [TextLine] {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { TextLine(text: String($0)) }
    }
}

public struct Word: Sendable, Hashable, Codable {
    public var text: String
    public var confidence: Double
    public var box: Box

    public init(text: String, confidence: Double, box: Box) {
        self.text = text
        self.confidence = confidence
        self.box = box
    }
}

public struct Box: Sendable, Hashable, Codable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}
