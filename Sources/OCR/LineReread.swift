import Foundation
import RebutCore

/// One line of a page to read again on its own, and what it is expected to hold.
public struct LineRereadRequest: Sendable, Hashable {
    /// What the line should contain: narrows the characters Tesseract may answer with.
    public enum Content: String, Sendable, Hashable, Codable {
        case text, date, amount
    }

    /// Index into `OCRPage.lines`.
    public var lineIndex: Int
    public var content: Content
    /// Line heights, in pixels, to read the line at; nil means the options' `targetLineHeight`.
    /// Several heights give independent-ish readings that can outvote a misread of the page.
    public var lineHeights: [Int]?

    public init(lineIndex: Int, content: Content, lineHeights: [Int]? = nil) {
        self.lineIndex = lineIndex
        self.content = content
        self.lineHeights = lineHeights
    }
}

/// Another reading of one page line, made from the line's crop alone.
public struct LineReread: Sendable, Hashable, Codable {
    public var lineIndex: Int
    public var text: String
    /// Tesseract's mean confidence for the reading, 0...100.
    public var confidence: Double
    /// How it was read ("psm7@56px"), so benchmarks can tell which reading helps.
    public var variant: String

    public init(lineIndex: Int, text: String, confidence: Double, variant: String) {
        self.lineIndex = lineIndex
        self.text = text
        self.confidence = confidence
        self.variant = variant
    }
}

/// How lines are re-read. The defaults are the measured best on SROIE scans (see the commit log).
public struct LineRereadOptions: Sendable, Hashable {
    /// Page segmentation modes tried per line: 7 = one text line, 13 = raw line (no layout analysis).
    public var pageSegmentationModes: [Int]
    /// Target height, in pixels, of the line box after scaling (the box spans ascenders to descenders).
    public var targetLineHeight: Int
    /// Padding around the line box, as a fraction of its height.
    public var verticalPadding: Double
    public var horizontalPadding: Double
    /// Restrict date and amount lines to the characters they can hold.
    public var useWhitelists: Bool
    /// Heights at which the line holding the picked date (see `RereadPlanner.verifiedFields`) is
    /// read again even when extraction is sure of it: confident misreads ("2016" for "2018") are the commonest
    /// error left, and readings at other sizes outvote them. Empty turns verification off.
    /// Measured on sroie-dev: 16/24/30 px and 24/30 px both gave date 93.3 (16 px alone is the
    /// weakest reader), 24 px alone 91.7; each height costs ~40 ms per verified line.
    public var verificationLineHeights: [Int]

    public init(pageSegmentationModes: [Int] = [7], targetLineHeight: Int = 56, verticalPadding: Double = 0.2,
                horizontalPadding: Double = 0.6, useWhitelists: Bool = false,
                verificationLineHeights: [Int] = [24, 30]) {
        self.pageSegmentationModes = pageSegmentationModes
        self.targetLineHeight = targetLineHeight
        self.verificationLineHeights = verificationLineHeights
        self.verticalPadding = verticalPadding
        self.horizontalPadding = horizontalPadding
        self.useWhitelists = useWhitelists
    }

    public static let `default` = LineRereadOptions()
}

extension LineRereadRequest.Content {
    /// Characters a date or amount line may hold, labels included (DATE, TOTAL, RM): the
    /// whitelist only keeps Tesseract from answering with symbols no such line has.
    var whitelist: String? {
        let letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
        switch self {
        case .text: return nil
        case .date: return "0123456789/-.:, " + letters
        case .amount: return "0123456789.,:-() " + letters
        }
    }
}
