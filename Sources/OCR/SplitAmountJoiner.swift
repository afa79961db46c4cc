import RebutCore

/// Re-joins amounts that Tesseract splits at the decimal point ("73." "00" for 73.00).
///
/// Receipt printers space digits widely, so Tesseract sometimes sees a word break after the
/// point; on the SROIE dev set about 3% of amounts came out as "73. 00". The break is only
/// undone when the gap is clearly narrower than a space between words, so "TOTAL 7." "50"
/// printed in separate columns stays apart. Tesseract also gives overlapping boxes for
/// such splits ("37." boxed over the whole of 37.55, then "55"): those join too.
enum SplitAmountJoiner {
    /// Largest gap, as a share of the words' height, still taken for a split inside an amount.
    /// On the SROIE dev dump, splits sat at 0.75–1.03 and column gaps from 1.45 up.
    static let maxGapShare = 1.1

    static func join(_ words: [Word]) -> [Word] {
        var result: [Word] = []
        for word in words {
            if let previous = result.last, shouldJoin(previous, word) {
                result[result.count - 1] = merge(previous, word)
            } else {
                result.append(word)
            }
        }
        return result
    }

    static func shouldJoin(_ left: Word, _ right: Word) -> Bool {
        guard endsWithDigitAndSeparator(left.text), startsWithTwoDigits(right.text) else { return false }
        let gap = right.box.x - (left.box.x + left.box.width)
        let height = Double(min(left.box.height, right.box.height))
        return right.box.x > left.box.x && Double(gap) < maxGapShare * height
    }

    private static func endsWithDigitAndSeparator(_ text: String) -> Bool {
        let characters = Array(text)
        guard characters.count >= 2, let last = characters.last else { return false }
        return (last == "." || last == ",") && characters[characters.count - 2].isASCIIDigit
    }

    private static func startsWithTwoDigits(_ text: String) -> Bool {
        let characters = Array(text)
        guard characters.count >= 2, characters[0].isASCIIDigit, characters[1].isASCIIDigit else { return false }
        return characters.count == 2 || !characters[2].isASCIIDigit
    }

    private static func merge(_ left: Word, _ right: Word) -> Word {
        let x = min(left.box.x, right.box.x), y = min(left.box.y, right.box.y)
        let right2 = max(left.box.x + left.box.width, right.box.x + right.box.width)
        let bottom = max(left.box.y + left.box.height, right.box.y + right.box.height)
        return Word(text: left.text + right.text, confidence: min(left.confidence, right.confidence),
                    box: Box(x: x, y: y, width: right2 - x, height: bottom - y))
    }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
