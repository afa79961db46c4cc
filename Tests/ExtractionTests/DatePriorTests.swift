import Testing
import RebutCore
@testable import Extraction

/// The event's dates (or the batch's) correct a misread digit, never a confident right reading.
struct DatePriorTests {
    static let trip = DatePrior.event(from: day("2018-03-03"), to: day("2018-03-09"))

    @Test func aMisreadYearInsideTheEventIsCorrectedAndTheReadingKept() {
        let text = "CAFE LUNA\nDATE: 05/03/2016 12:30\nTOTAL 7.50"
        #expect(extract(text).date == day("2016-03-05"))
        let fields = extract(text, ExtractionContext(datePrior: Self.trip))
        #expect(fields.date == day("2018-03-05"))
        #expect(fields.values(.date).contains("2016-03-05"))
        #expect(fields.candidates[.date]?.first?.evidence?.contains("read as 2016-03-05") == true)
    }

    @Test func aMisreadMonthIsCorrectedToo() {
        // 8 for 3: "05/08/2018" is the trip's 5 March; no other date of the trip is one misread away.
        let fields = extract("CAFE LUNA\nDATE: 05/08/2018\nTOTAL 7.50", ExtractionContext(datePrior: Self.trip))
        #expect(fields.date == day("2018-03-05"))
        #expect(fields.values(.date).contains("2018-08-05"))
    }

    @Test func aReadingJustOutsideTheEventIsARealDate() {
        // The taxi to the airport the day before: 02 → 07 would be one misread, but a day out is no sign of one.
        let fields = extract("CAFE LUNA\nDATE: 02/03/2018\nTOTAL 7.50", ExtractionContext(datePrior: Self.trip))
        #expect(fields.date == day("2018-03-02"))
    }

    @Test func aDateThatIsNoRealDayIsReadAsTheOneInsideTheEvent() {
        let text = "CAFE LUNA\nDATE: 36/03/2018 12:30\nTOTAL 7.50"
        let easter = DatePrior.event(from: day("2018-03-27"), to: day("2018-04-02"))
        let fields = extract(text, ExtractionContext(datePrior: easter))
        #expect(fields.date == day("2018-03-30"))
        #expect(fields.candidates[.date]?.first?.evidence?.contains("read as 36/03/2018") == true)
        // A guess, not a reading: it stays below the review threshold's certainty of a printed date.
        #expect((fields.confidence[.date] ?? 1) < extract("CAFE LUNA\nDATE: 30/03/2018 12:30\nTOTAL 7.50").confidence[.date]!)
        // Outside any event, the unreadable date stays unread.
        #expect(extract(text, ExtractionContext(datePrior: Self.trip)).date == nil)
    }

    @Test func withoutExpectedDatesTheOnePlausibleDayADigitAwayIsAWeakerGuess() {
        // 36 March does not exist; of the days one misread digit away only 30 March is real.
        let text = "CAFE LUNA\nDATE: 36/03/2018 12:30\nTOTAL 7.50"
        let cold = extract(text)
        #expect(cold.date == day("2018-03-30"))
        #expect(cold.candidates[.date]?.first?.evidence?.contains("the one plausible day") == true)
        let easter = DatePrior.event(from: day("2018-03-27"), to: day("2018-04-02"))
        #expect((cold.confidence[.date] ?? 1) < extract(text, ExtractionContext(datePrior: easter)).confidence[.date]!)
        // Several real days a digit away (06, 08 and 09 March): which one is unknowable, so none.
        #expect(extract("CAFE LUNA\nDATE: 00/03/2018 12:30\nTOTAL 7.50").date == nil)
        // The one real day lies eighteen years before today: no plausible day, no guess.
        let today = ExtractionContext(referenceDate: day("2026-11-26"))
        #expect(extract("CAFE LUNA\nDATE: 36/03/2008 12:30\nTOTAL 7.50", today).date == nil)
        #expect(extract(text, today).date == day("2018-03-30"))
    }

    /// "OS~0S-17": a till's 05-05-17 with O and S read for its zeros and fives and a tilde for a
    /// dash. With no date read anywhere, the look-alikes are read as digits: a guess, kept under
    /// the certainty of a printed date. A date printed elsewhere wins; letters alone are no date.
    @Test func aDateReadWithLettersForItsDigitsIsAGuess() {
        let today = ExtractionContext(referenceDate: day("2018-01-10"))
        let text = "99 SPEED MART\n02:49PM 565287 OS~0S-17\nTOTAL 42.35"
        let fields = extract(text, today)
        #expect(fields.date == day("2017-05-05"))
        #expect(fields.candidates[.date]?.first?.evidence?.contains("read as OS~0S-17") == true)
        #expect((fields.confidence[.date] ?? 1) < extract("99 SPEED MART\n05-05-17\nTOTAL 42.35", today).confidence[.date]!)
        #expect(extract(text + "\nDATE 06/05/2017", today).date == day("2017-05-06"))
        #expect(extract("99 SPEED MART\nREF SO-SO-OS\nTOTAL 42.35", today).date == nil)
    }

    @Test func nothingMovesWhenNoDateInsideIsOneMisreadAway() {
        let fields = extract("CAFE LUNA\nDATE: 20/11/2016\nTOTAL 7.50", ExtractionContext(datePrior: Self.trip))
        #expect(fields.date == day("2016-11-20"))
        #expect(fields.candidates[.date]?.allSatisfy { $0.evidence == nil } == true)
    }

    @Test func aReadingInsideTheEventIsLeftAlone() {
        let fields = extract("CAFE LUNA\nDATE: 06/03/2018\nTOTAL 7.50", ExtractionContext(datePrior: Self.trip))
        #expect(fields.date == day("2018-03-06"))
        #expect(fields.candidates[.date]?.allSatisfy { $0.evidence == nil } == true)
    }

    @Test func aReadingOneMisreadFromSeveralDatesInsideIsLeftAlone() {
        // May read for March (5/3) or June (5/6): which one is unknowable, so neither.
        let twoTrips = DatePrior(ranges: [day("2018-03-01")...day("2018-03-09"), day("2018-06-01")...day("2018-06-09")],
                                 source: .event)
        #expect(twoTrips.misreadCorrection(of: day("2018-05-05")) == nil)
        let fields = extract("CAFE LUNA\nDATE: 05/05/2018\nTOTAL 7.50", ExtractionContext(datePrior: twoTrips))
        #expect(fields.date == day("2018-05-05"))
    }

    @Test func theBatchsDatesOnlyCorrectAReadingFarFromAllOfThem() {
        let batch = DatePrior.around([day("2018-03-01"), day("2018-03-20"), day("2018-04-02")])!
        // Weeks after the last receipt: a new receipt, not a misread.
        let later = extract("CAFE LUNA\nDATE: 28/05/2018\nTOTAL 7.50", ExtractionContext(datePrior: batch))
        #expect(later.date == day("2018-05-28"))
        // Two years off, 2016 → 2018 lands among them, and OCR doubted the digits: a misread.
        let misread = extractRead("CAFE LUNA\nDATE: 21/03/2016@55\nTOTAL 7.50", ExtractionContext(datePrior: batch))
        #expect(misread.date == day("2018-03-21"))
        #expect(misread.values(.date).contains("2016-03-21"))
        // The same reading printed clearly is a real date: a folder may span years.
        let clear = extractRead("CAFE LUNA\nDATE: 21/03/2016@96\nTOTAL 7.50", ExtractionContext(datePrior: batch))
        #expect(clear.date == day("2016-03-21"))
    }

    @Test func aYearNoReceiptCanCarryIsTheOnePlausibleYearAMisreadAway() {
        let today = ExtractionContext(referenceDate: day("2026-11-24"))
        // 7 for 1 and 4 for 1: 2078 and 2048 are decades ahead; 2018 is the only plausible year
        // one misread digit away (2028 is ahead too).
        for (printed, year) in [("10/03/2078", "2018-03-10"), ("18/03/2048", "2018-03-18")] {
            let fields = extract("CAFE LUNA\nDATE: \(printed) 12:30\nTOTAL 7.50", today)
            #expect(fields.date == day(year), "\(printed)")
            #expect(fields.candidates[.date]?.first?.evidence?.contains("dates a receipt can carry") == true)
        }
        // A plausible reading is left as printed, and so is an impossible one with no single way back.
        #expect(extract("CAFE LUNA\nDATE: 05/03/2016\nTOTAL 7.50", today).date == day("2016-03-05"))
        // 2099: 2009 (too old), 2039, 2089, 2090… (ahead): none plausible, so it stays, doubted.
        #expect(extract("CAFE LUNA\nDATE: 05/03/2099\nTOTAL 7.50", today).date == day("2099-03-05"))
        // An old date is an old receipt, not a misread: 2011 is not taken for 2017.
        #expect(extract("CAFE LUNA\nDATE: 20/09/2011\nTOTAL 7.50", today).date == day("2011-09-20"))
    }

    @Test func dayNumbersRoundTrip() {
        for iso in ["1970-01-01", "2000-02-29", "2018-12-31", "2024-03-01"] {
            #expect(LocalDate(dayNumber: day(iso).dayNumber) == day(iso))
        }
    }
}
