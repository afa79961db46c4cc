import Imaging
import OCR
import Testing

@Suite struct TruthCoverageTests {
    @Test func totalMatchesAsAnAmountWhateverTheCurrencyMark() {
        let lines = ["Subtotal 8.49", "ROUNDED TOTAL (RM): 9.00", "Cash 10,00"]
        #expect(TruthCoverage(lines: lines, total: "9.00", date: nil, company: nil).total)
        #expect(TruthCoverage(lines: lines, total: "RM 9.00", date: nil, company: nil).total)
        #expect(TruthCoverage(lines: lines, total: "$10.00", date: nil, company: nil).total)
        #expect(!TruthCoverage(lines: lines, total: "9.40", date: nil, company: nil).total)
        // 19.00 must not count as 9.00.
        #expect(!TruthCoverage(lines: ["TOTAL 19.00"], total: "9.00", date: nil, company: nil).total)
        #expect(TruthCoverage(lines: ["TOTAL 1,234.50"], total: "1234.50", date: nil, company: nil).total)
    }

    @Test func dateComparesDigitsWithinALine() {
        #expect(TruthCoverage(lines: ["Date: 25-12-2018 8:13 PM"], total: nil, date: "25/12/2018", company: nil).date)
        #expect(!TruthCoverage(lines: ["Date: 25/12/2019"], total: nil, date: "25/12/2018", company: nil).date)
        #expect(TruthCoverage(lines: ["14 MAR 2018 10:02"], total: nil, date: "14 MAR 2018", company: nil).date)
        // ISO truths (truth.jsonl) match the day as printed, in the usual orders.
        #expect(TruthCoverage(lines: ["Date: 18/03/2018 09:03"], total: nil, date: "2018-03-18", company: nil).date)
        #expect(TruthCoverage(lines: ["18.03.18 09:03"], total: nil, date: "2018-03-18", company: nil).date)
        #expect(TruthCoverage(lines: ["03/18/2018"], total: nil, date: "2018-03-18", company: nil).date)
        #expect(TruthCoverage(lines: ["2018-03-18T09:03:00"], total: nil, date: "2018-03-18", company: nil).date)
        #expect(!TruthCoverage(lines: ["Date: 13/03/2018"], total: nil, date: "2018-03-18", company: nil).date)
    }

    @Test func companyMatchesNormalisedOrSimilar() {
        let truth = "BOOK TA .K (TAMAN DAYA) SDN BHD"
        #expect(TruthCoverage(lines: ["BOOK TA.K (TAMAN DAYA) SDN BHD"], total: nil, date: nil, company: truth).company)
        #expect(TruthCoverage(lines: ["BOOK TAK (TAMAN DAYA) SDN 8HD"], total: nil, date: nil, company: truth).company)
        #expect(!TruthCoverage(lines: ["MR DIY SDN BHD"], total: nil, date: nil, company: truth).company)
    }
}

@Suite struct SplitAmountTests {
    @Test func amountSplitAtThePointIsJoinedFromRealOCR() throws {
        // A wide gap after the point, like dot-matrix receipts: render "73. 00" with a narrow
        // space (the joiner must fix it) next to words far apart (it must not touch them).
        let settings = OCRSettings.default()
        var unjoined = settings
        unjoined.joinSplitAmounts = false
        let image = try #require(LeptonicaImage.renderedText(["TOTAL RM 73. 00"], fontSize: 12))
        let raw = try TesseractEngine(settings: unjoined).recognize(image).text
        let joined = try TesseractEngine(settings: settings).recognize(image).text
        #expect(raw == "TOTAL RM 73. 00")
        #expect(joined == "TOTAL RM 73.00")
    }

    @Test func numbersInSeparateColumnsStayApart() throws {
        let image = try #require(LeptonicaImage.renderedText(["QTY 2.            15 PCS"], fontSize: 12))
        let text = try TesseractEngine(settings: .default()).recognize(image).text
        #expect(text.hasPrefix("QTY 2."))
        #expect(!text.contains("2.15"))
    }
}
