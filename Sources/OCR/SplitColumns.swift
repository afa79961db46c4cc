import Foundation

/// Monospaced till print gives the decimal point of "21.00" a whole character cell, and the
/// gaps on both sides of it can make mode 4's layout analysis take the cents for a column of
/// their own: the lines then end in "21." or "Zi." and the cents come last, one per line
/// ("00", ".44"). Read as one uniform block (mode 6), the same page keeps its amounts whole.
/// On rendered slips of nine countries, 21 of 120 readings showed it and most lost their totals;
/// none of the 262 tune scans or the 210 wild captures does (two grey-lid pages of one receipt
/// have 4 lines ending in a point: at 4 lines they paid a slow extra reading for nothing).
enum SplitColumns {
    /// Lines cut at a decimal point plus lines holding only a few digits, from which on the
    /// reading is taken for split.
    static let suspicionLines = 6
    /// The page segmentation mode that reads the page as one block.
    static let oneBlockMode = 6

    private static let cutAtPoint = try! NSRegularExpression(pattern: #"(^|\s)\S*\d\.$"#)
    /// The point itself may come out as a comma, a dash or a tilde ("-10", "~99").
    private static let orphanDigits = try! NSRegularExpression(pattern: #"^[.,\-~']?\d{1,3}[.,]?$"#)

    /// A page of this many lines with at most one whole amount has lost its amount column
    /// altogether (no tune scan or wild capture reads so).
    static let amountlessLines = 10

    static func suspected(_ page: OCRPage) -> Bool {
        if page.lines.count >= amountlessLines, wholeAmounts(page) <= 1 { return true }
        var count = 0
        for line in page.lines {
            let text = line.text.trimmingCharacters(in: .whitespaces)
            let range = NSRange(location: 0, length: (text as NSString).length)
            if cutAtPoint.firstMatch(in: text, range: range) != nil || orphanDigits.firstMatch(in: text, range: range) != nil {
                count += 1
                if count >= suspicionLines { return true }
            }
        }
        return false
    }

    /// `oneBlock`, a page's one-block reading already made (`OCRWorkerPool.ImageReading.oneBlock`),
    /// when `mode` is the one-block mode: the same image read so again gives the same lines.
    static func alreadyRead(_ oneBlock: OCRPage?, inMode mode: Int) -> OCRPage? {
        mode == oneBlockMode ? oneBlock : nil
    }

    /// Words that read as whole amounts ("21.00", "RM4.99").
    static func wholeAmounts(_ page: OCRPage) -> Int { MoneyWords.count(in: page) }

    /// The page read as one block when its first reading looks split and the block holds more
    /// whole amounts; either way the block reading is kept as the page's fallback reading, so
    /// no later fallback reads the page in mode 6 again.
    static func rejoined(_ page: OCRPage, read: () throws -> OCRPage) rethrows -> OCRPage {
        guard suspected(page), page.fallbackReadings.isEmpty else { return page }
        let block = try read()
        let fallback = FallbackReading(pageSegmentationMode: oneBlockMode, lines: block.lines)
        var kept = wholeAmounts(block) > wholeAmounts(page) ? block : page
        kept.fallbackReadings = [fallback]
        return kept
    }
}
