@testable import OCR
import RebutCore
import Testing

/// Word geometry taken from real Tesseract output on SROIE receipts.
@Suite struct SplitAmountJoinerTests {
    private func word(_ text: String, _ x: Int, _ width: Int, height: Int = 35) -> Word {
        Word(text: text, confidence: 90, box: Box(x: x, y: 100, width: width, height: height))
    }

    @Test func splitWithANarrowGapIsJoined() {
        let words = SplitAmountJoiner.join([word("RM", 553, 48), word("73.", 687, 58), word("00", 762, 47)])
        #expect(words.map(\.text) == ["RM", "73.00"])
        #expect(words[1].box.x == 687)
        #expect(words[1].box.width == 762 + 47 - 687)
    }

    @Test func splitWhoseBoxesOverlapIsJoined() {
        // "37." boxed over the whole amount, then "55" inside it (receipt 017).
        let words = SplitAmountJoiner.join([word("37.", 896, 110, height: 38), word("55", 969, 39, height: 51)])
        #expect(words.map(\.text) == ["37.55"])
    }

    @Test func columnsFarApartStayApart() {
        // 1.45 × height between "38." and "39": separate columns (receipt 042).
        let words = SplitAmountJoiner.join([word("38.", 100, 50), word("39", 100 + 50 + 51, 40)])
        #expect(words.map(\.text) == ["38.", "39"])
    }

    @Test func onlyDigitPointThenTwoDigitsJoin() {
        #expect(SplitAmountJoiner.join([word("NO.", 0, 50), word("12", 60, 30)]).count == 2)
        #expect(SplitAmountJoiner.join([word("7.", 0, 30), word("123", 40, 45)]).count == 2)
        #expect(SplitAmountJoiner.join([word("7,", 0, 30), word("50", 40, 30)]).map(\.text) == ["7,50"])
    }
}
