import Foundation
import Testing
import RebutCore
@testable import Pipeline

struct AccuracyScoreTests {
    @Test("truth totals parsed leniently", arguments: [
        ("9.00", "9.00"), ("RM9.00", "9.00"), ("RM 29.70", "29.70"), ("$8.20", "8.20"), ("1,234.50", "1234.50"),
        ("12,50", "12.50"),
    ])
    func totals(truth: String, expected: String) {
        #expect(AccuracyScore.parseTruthTotal(truth) == MoneyFormat.parse(expected))
    }

    @Test func totalsCompareToTheCent() {
        #expect(AccuracyScore.totalMatches(truth: "RM9.00", extracted: MoneyFormat.parse("9")))
        #expect(!AccuracyScore.totalMatches(truth: "9.00", extracted: MoneyFormat.parse("9.01")))
        #expect(!AccuracyScore.totalMatches(truth: "", extracted: MoneyFormat.parse("9.00")))
        #expect(!AccuracyScore.totalMatches(truth: "9.00", extracted: nil))
    }

    @Test("truth dates parsed day-first", arguments: [
        ("25/12/2018", "2018-12-25"), ("12-01-19", "2019-01-12"), ("15 MAR 2018", "2018-03-15"),
        ("2018-03-30", "2018-03-30"), ("2018/02/22", "2018-02-22"), ("17/1/2018", "2018-01-17"),
        ("25032018", "2018-03-25"), ("20180304", "2018-03-04"), ("30 DEC 17", "2017-12-30"), ("03.04.19", "2019-04-03"),
    ])
    func dates(truth: String, expected: String) {
        #expect(AccuracyScore.parseTruthDate(truth) == LocalDate(iso8601: expected))
    }

    @Test func aTruthImpossibleDayFirstIsMonthFirst() {
        // There is no 28th month: "12/28/2017" can only be 28 December. Ambiguous ones stay day-first.
        #expect(AccuracyScore.parseTruthDate("12/28/2017") == LocalDate(year: 2017, month: 12, day: 28))
        #expect(AccuracyScore.dateMatches(truth: "12/28/2017", extracted: LocalDate(year: 2017, month: 12, day: 28)))
        #expect(AccuracyScore.parseTruthDate("03/04/2019") == LocalDate(year: 2019, month: 4, day: 3))
        #expect(AccuracyScore.parseTruthDate("31/31/2019") == nil)
    }

    @Test func allThreeTakesTheSimilarVendorAndTheStrictLineTheExactOne() {
        let truth = LabelledDataset.Truth(company: "MR. D.I.Y. (KUCHAI) SDN BHD", date: "25/12/2018", address: nil, total: "9.00")
        let fields = ReceiptFields(vendor: "MR. D.L.Y.(KUCHAT) SDN BHD", date: LocalDate(year: 2018, month: 12, day: 25),
                                   total: MoneyFormat.parse("9.00"))
        let score = AccuracyScore.score(name: "x", truth: truth, fields: fields)
        #expect(score.allThree)
        #expect(!score.allThreeExactVendor)
    }

    @Test func vendorExactIgnoresCaseAndPunctuation() {
        #expect(AccuracyScore.vendorExact(truth: "MR. D.I.Y. (M) SDN BHD", extracted: "Mr D.I.Y (M) Sdn. Bhd."))
        #expect(!AccuracyScore.vendorExact(truth: "MR. D.I.Y. (M) SDN BHD", extracted: "MR D.I.Y. SDN BHD"))
        #expect(!AccuracyScore.vendorExact(truth: "ACME", extracted: nil))
    }

    @Test func vendorSimilarAtPointEight() {
        // One wrong letter in ten: 0.9.
        #expect(AccuracyScore.vendorSimilar(truth: "ABCDEFGHIJ", extracted: "ABCDEFGHIX"))
        // Three wrong in ten: 0.7.
        #expect(!AccuracyScore.vendorSimilar(truth: "ABCDEFGHIJ", extracted: "ABCDEFGXYZ"))
    }

    @Test func reportCountsEachField() {
        let scores = [
            AccuracyScore.ReceiptScore(name: "a", total: true, date: true, vendorExact: true, vendorSimilar: true),
            AccuracyScore.ReceiptScore(name: "b", total: true, date: false, vendorExact: false, vendorSimilar: true),
            AccuracyScore.ReceiptScore(name: "c", total: false, date: true, vendorExact: true, vendorSimilar: true),
            AccuracyScore.ReceiptScore(name: "d", total: true, date: true, vendorExact: false, vendorSimilar: false),
        ]
        let report = AccuracyReport(scores)
        #expect(report.receipts == 4)
        #expect(report.accuracy(of: "total") == 0.75)
        #expect(report.accuracy(of: "date") == 0.75)
        #expect(report.accuracy(of: "vendor (exact)") == 0.5)
        #expect(report.accuracy(of: "vendor (similar ≥ 0.8)") == 0.75)
        #expect(report.accuracy(of: "all three") == 0.25)
        #expect(report.accuracy(of: "all three (exact vendor)") == 0.25)
        #expect(report.table.contains("3 / 4"))
    }

    @Test func scoresOneReceipt() {
        let truth = LabelledDataset.Truth(company: "ACME TRADING", date: "25/12/2018", address: nil, total: "RM9.00")
        let fields = ReceiptFields(vendor: "Acme Trading", date: LocalDate(year: 2018, month: 12, day: 25),
                                   total: MoneyFormat.parse("9.00"))
        let score = AccuracyScore.score(name: "x", truth: truth, fields: fields)
        #expect(score.total && score.date && score.vendorExact && score.vendorSimilar && score.allThree)
    }
}

/// One-off shops against repeat shops: the split that shows how much of a score rests on shops
/// the set holds many times.
struct ShopRecurrenceTests {
    private func sample(_ name: String, _ company: String?, variant: String? = nil) -> LabelledDataset.Sample {
        LabelledDataset.Sample(name: name, image: URL(fileURLWithPath: "/nowhere/\(name).jpg"),
                               truth: .init(company: company, date: nil, address: nil, total: nil), variant: variant)
    }

    @Test func aShopOnTwoReceiptsRepeatsSpelledEitherWay() {
        let groups = ShopRecurrence.groups([
            sample("001", "MR. D.I.Y. (M) SDN BHD"), sample("002", "Mr D.I.Y. (M) Sdn. Bhd."), sample("003", "AEON CO. (M) BHD"),
        ])
        #expect(groups == ["001": ShopRecurrence.repeated, "002": ShopRecurrence.repeated, "003": ShopRecurrence.oneOff])
        // Receipts without a vendor truth are no shop in common.
        let unknown = ShopRecurrence.groups([sample("004", nil), sample("005", nil), sample("006", "")])
        #expect(Set(unknown.values) == [ShopRecurrence.oneOff])
    }

    @Test func capturesOfOneReceiptAreOneReceipt() {
        let groups = ShopRecurrence.groups([
            sample("000-clean", "BOOK TA.K", variant: "clean"), sample("000-photo", "BOOK TA.K", variant: "photo"),
            sample("001-clean", "INDAH GIFT", variant: "clean"), sample("002-heic", "INDAH GIFT", variant: "heic"),
        ])
        #expect(groups["000-clean"] == ShopRecurrence.oneOff && groups["000-photo"] == ShopRecurrence.oneOff)
        #expect(groups["001-clean"] == ShopRecurrence.repeated && groups["002-heic"] == ShopRecurrence.repeated)
    }

    @Test func eachShopCountsOnceHoweverManyReceiptsItPrinted() {
        // One shop on three receipts, all wrong, beside two shops on one each, right: two receipts
        // of five are right, but two shops of three.
        let samples = [sample("1", "BIG SHOP"), sample("2", "Big Shop"), sample("3", "BIG SHOP"),
                       sample("4", "SMALL ONE"), sample("5", "SMALL TWO")]
        let scores = samples.map { s in
            let right = s.truth.company?.hasPrefix("SMALL") == true
            return AccuracyScore.ReceiptScore(name: s.name, total: right, date: true, vendorExact: right, vendorSimilar: right)
        }
        let row = ShopRecurrence.shopWeighted(scores, samples: samples)
        #expect(row?.receipts == 3)
        #expect(abs((row?.total ?? 0) - 2.0 / 3) < 1e-9 && abs((row?.allThree ?? 0) - 2.0 / 3) < 1e-9)
        #expect(row?.date == 1)
        #expect(ShopRecurrence.largestShopLine(samples) == "largest shop: 3 of 5 receipts (60.0%), 3 shops")
        // Captures of one receipt are one receipt of its shop.
        let captures = [sample("7-clean", "BIG SHOP", variant: "clean"), sample("7-photo", "BIG SHOP", variant: "photo"),
                        sample("8-clean", "SMALL ONE", variant: "clean")]
        #expect(ShopRecurrence.largestShopLine(captures) == "largest shop: 1 of 2 receipts (50.0%), 2 shops")
    }

    @Test func accuracyIsGivenPerGroupOnlyWhenBothAreThere() {
        let samples = [sample("1", "A SHOP"), sample("2", "A SHOP"), sample("3", "ANOTHER")]
        let scores = [
            AccuracyScore.ReceiptScore(name: "1", total: true, date: true, vendorExact: true, vendorSimilar: true),
            AccuracyScore.ReceiptScore(name: "2", total: false, date: true, vendorExact: true, vendorSimilar: true),
            AccuracyScore.ReceiptScore(name: "3", total: true, date: true, vendorExact: false, vendorSimilar: false),
        ]
        let rows = ShopRecurrence.accuracy(scores, samples: samples)?.rows ?? []
        #expect(rows.map(\.variant) == [ShopRecurrence.oneOff, ShopRecurrence.repeated, ShopRecurrence.eachShopOnce])
        // The last row counts shops, each at its own share of right receipts.
        #expect(rows.map(\.receipts) == [1, 2, 2])
        #expect(rows.map(\.allThree) == [0, 0.5, 0.25])
        #expect(rows.map(\.total) == [1, 0.5, 0.75])
        #expect(ShopRecurrence.accuracy(Array(scores.prefix(2)), samples: Array(samples.prefix(2))) == nil)
        #expect(ShopRecurrence.accuracy(scores, samples: samples)?.table(heading: "shop").hasPrefix("shop ") == true)
    }
}
