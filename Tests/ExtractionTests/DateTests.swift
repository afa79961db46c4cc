import Foundation
import Testing
import RebutCore
@testable import Extraction

/// Date formats, month names in five languages, and day/month order decided by evidence.
struct DateTests {
    @Test("formats", arguments: [
        ("Date: 25/12/2018 8:13:39 PM", "2018-12-25"), ("12-01-19 21:13", "2019-01-12"),
        ("Fecha 30.03.19", "2019-03-30"), ("2018-03-30 10:02", "2018-03-30"), ("2018/02/22", "2018-02-22"),
        ("15 MAR 2018 18:25", "2018-03-15"), ("3 ABR 2019", "2019-04-03"), ("15. März 2018", "2018-03-15"),
        ("le 1er mars 2019", "2019-03-01"), ("Dec 25, 2018", "2018-12-25"), ("25DEC2018", "2018-12-25"),
        ("3 de abril de 2019", "2019-04-03"), ("Data: 3 d'abril de 2019", "2019-04-03"), ("14 janv. 2020", "2020-01-14"),
        ("17/1/2018", "2018-01-17"), ("DATE 2O/O3/2O18", "2018-03-20"), ("30 DEC 17", "2017-12-30"),
        ("Datum: 02.11.2021 14:05", "2021-11-02"), ("Date: 1202/2018", "2018-02-12"),
        ("09:15AM $12345 23-04-19", "2019-04-23"), ("Dater11/03/18 21:30", "2018-03-11"),
    ])
    func formats(line: String, expected: String) {
        #expect(extract("SHOP\n\(line)\nTOTAL 1.00").date == day(expected))
    }

    @Test func eightDigitsWithoutSeparatorsAreADateOnlyAsALastResort() {
        // Tills print "25032018 13:11:54"; day first, and year first when that is the only real day.
        #expect(extract("SHOP\n00440010036 25032018 13:11:54 0003\nTOTAL 1.00").date == day("2018-03-25"))
        #expect(extract("SHOP\nNo 20180325 14:02\nTOTAL 1.00").date == day("2018-03-25"))
        // A date with separators anywhere on the receipt wins over the compact reading.
        #expect(extract("SHOP\nRef 25032018\nDate: 24/03/2018\nTOTAL 1.00").date == day("2018-03-24"))
        // Codes that are no real day, or part of longer numbers, stay codes.
        #expect(extract("SHOP\nMember 12345678\nGST ID 002139201536\nTOTAL 1.00").date == nil)
        #expect(extract("SHOP\nNIF B25032018\nTOTAL 1.00").date == nil)
    }

    @Test func aYearWithItsZeroMisreadIsThisCenturys() {
        // "2518", "2917": a 0 read as 5 or 9; no till prints such a year.
        #expect(extract("SHOP\n09/03/2518 18:54 1008\nTOTAL 1.00").date == day("2018-03-09"))
        #expect(extract("SHOP\nPRINTED: 10/02/2917 01:09:47 PM\nTOTAL 1.00").date == day("2017-02-10"))
        #expect(extract("SHOP\n001-2918-03-18 13:21:02\nTOTAL 1.00").date == day("2018-03-18"))
        // A date printed whole outranks one whose year was mended.
        #expect(extract("SHOP\nBIZDATE: 12/02/2017\nPRINTED: 10/02/2917 01:09:47 PM\nTOTAL 1.00").date == day("2017-02-12"))
        // Eight digits without separators are a code as often as a date: not mended.
        #expect(extract("SHOP\nRef 09032518\nTOTAL 1.00").date == nil)
    }

    @Test func datesOCRRanTogetherOrMisseparatedAreRead() {
        // The space before the time lost; one separator misread as another.
        #expect(extract("SHOP\nDate: 16/02/201812:04:58\nTOTAL 1.00").date == day("2018-02-16"))
        #expect(extract("SHOP\nDate: 16-02/2018 12:04\nTOTAL 1.00").date == day("2018-02-16"))
        // Digits joined by an apostrophe are one number ("20'18": a 1 read as an apostrophe), not
        // a two-digit day: the date whose year was mended on the line below wins.
        let fields = extract("SHOP\nDate: 20'8- 03- 18 13:16\n001-2918-03-18 13:21:02\nTOTAL 1.00")
        #expect(fields.date == day("2018-03-18"))
        #expect(!fields.values(.date).contains("2018-03-08"))
    }

    @Test func slashesReadAsSevensOrOnesBesideADateLabelAreADate() {
        #expect(extract("SHOP\nDoc No CS00010344 Date: 2870272018\nTOTAL 1.00").date == day("2018-02-28"))
        #expect(extract("SHOP\nTARIKH 0411272017 12:03\nTOTAL 1.00").date == day("2017-12-04"))
        // Without a label, ten digits are a phone number or a code.
        #expect(extract("SHOP\nTEL 0371252018\nTOTAL 1.00").date == nil)
        // A date printed whole elsewhere outranks it.
        #expect(extract("SHOP\nDate: 2870272018\nPrinted 27/02/2018 10:01\nTOTAL 1.00").date == day("2018-02-27"))
    }

    @Test func ambiguousDayFirstByDefaultWithAlternativeKept() {
        let fields = extract("CAFE LUNA\n03/04/19 12:30\nTOTAL 4.50")
        #expect(fields.date == day("2019-04-03"))
        let alternatives = fields.values(.date)
        #expect(alternatives.contains("2019-03-04"))
        let scores = fields.candidates[.date]!.map(\.score)
        #expect(scores[0] > scores[1])
    }

    @Test func otherDatesOnTheReceiptDecideTheOrder() {
        // 12/28/2018 can only be month-first, so 03/04/19 on the same receipt is too.
        let fields = extract("""
        DINER
        03/04/19 12:30
        Member since 12/28/2018
        TOTAL 9.99
        """)
        #expect(fields.date == day("2019-03-04"))
        #expect(fields.values(.date).contains("2019-04-03"))
    }

    @Test func aTimePrintedWithDotsIsNoEvidenceOfTheOrder() {
        // "12.17.26" reads as 17 December 2026 month-first, a day no purchase in 2025 bears.
        let context = ExtractionContext(referenceDate: day("2025-11-25"))
        let text = "Date 06/01/18 12.17.26 PM\nTOTAL 53.55"
        #expect(extract(text, context).date == day("2018-01-06"))
        #expect(extract(text, context).values(.date).contains("2018-06-01"))
        // A month-first date a purchase could bear still decides.
        #expect(extract("Date 06/01/18\nMember since 12/28/2017\nTOTAL 53.55", context).date == day("2018-06-01"))
    }

    @Test func aDotReadAsACommaBesideATimeIsStillADate() {
        let context = ExtractionContext(referenceDate: day("2025-11-25"))
        #expect(extract("ARAL Tankstelle\n18.12,21 21:37 Rechnungs-Nr.: 490794\nSUMME 92,67", context).date == day("2021-12-18"))
        // Without the time beside it, such a token is no date: amounts are printed so in lists.
        #expect(extract("ARAL Tankstelle\nPfand 18.12,21\nSUMME 92,67", context).date == nil)
    }

    @Test func unambiguousDayFirst() {
        #expect(extract("25/12/2018\nTOTAL 1.00").date == day("2018-12-25"))
    }

    @Test func monthFirstOnlyWhenItIsTheOnlyRealDay() {
        #expect(extract("12/28/2017 10:10\nTOTAL 1.00").date == day("2017-12-28"))
    }

    @Test func futureDatesAreImplausible() {
        // 05/06/24 day-first is 5 June 2024, after the reference day; month-first is 6 May 2024.
        let context = ExtractionContext(referenceDate: day("2024-05-20"))
        #expect(extract("05/06/24 09:00\nTOTAL 3.00", context).date == day("2024-05-06"))
        // A lone far-future date still loses to a plausible one.
        let fields = extract("Date: 11/03/2018\nValid until 11/03/2031\nTOTAL 3.00", context)
        #expect(fields.date == day("2018-03-11"))
    }

    @Test func impossibleDatesAreRejected() {
        // No impossible day is taken as printed or rolled over (31 February is no 3 March). The
        // one real day a misread digit away (31/07) is only a guess, marked as one, and unsure.
        let fields = extract("31/02/2019\n45/13/2019\nTOTAL 1.00")
        #expect(fields.values(.date) == ["2019-07-31"])
        #expect(fields.candidates[.date]?.first?.evidence?.contains("read as 31/02/2019, no such day") == true)
        #expect((fields.confidence[.date] ?? 1) < ReviewRule.threshold)
        #expect(extract("45/13/2019\nTOTAL 1.00").date == nil)
    }

    @Test func timesPhoneNumbersAndInvoiceNumbersAreNotDates() {
        let fields = extract("""
        TEL: 03-7731 8169
        INVOICE 18287/102/T0N49
        Time 12:30:45
        Doc No: CS00011956
        TOTAL 5.00
        """)
        #expect(fields.date == nil)
    }

    @Test func labelledDateBeatsExpiryDate() {
        let fields = extract("""
        Card expiry 01/02/2026
        Date: 14/03/2018 10:20
        TOTAL 5.00
        """)
        #expect(fields.date == day("2018-03-14"))
    }

    @Test func repeatedDateWins() {
        let fields = extract("""
        11/04/2019 10:00
        ORDER 12/04/2019
        TOTAL 5.00
        11/04/2019
        """)
        #expect(fields.date == day("2019-04-11"))
    }
}

/// The date's ledger: which rule said what about each date, as `--explain` prints it.
struct DateLedgerTests {
    @Test func aLabelledDateWithATimeOutranksAnExpiryDate() {
        let readings = ["VALID UNTIL 31/12/2019", "DATE 03/05/2018 10:42"].enumerated()
            .flatMap { DateParser.readings(in: $0.element, lineIndex: $0.offset) }
        let ledger = DateExtractor().ledger(readings, context: .init())
        let ranked = ledger.ranked(tieBreak: DateExtractor.earlierLineFirst)
        #expect(ranked.first?.value == day("2018-05-03"))
        let rules = ranked.first?.account.entries.map(\.rule) ?? []
        #expect(rules.contains(.label) && rules.contains(.time))
        #expect(ledger.accounts[day("2019-12-31")]?.entries.contains { $0.rule == .otherDate } == true)
    }
}

/// OCR's lower-case look-alikes inside a date's digits are repaired before the line is folded
/// to upper case, where "l" would become an "L" no digit looks like.
struct DateLookalikeTests {
    @Test("look-alikes inside the digits", arguments: [
        ("5 Aug 20l5 8:32:44PM", "2015-08-05"),
        ("Date: 2l/03/2018", "2018-03-21"),
        ("14.o3.2019 12:01", "2019-03-14"),
    ])
    func repaired(line: String, iso: String) {
        let fields = extract("""
        KEDAI MAWAR
        \(line)
        TOTAL 5.00
        """)
        #expect(fields.date == day(iso))
    }
}

/// A US address is evidence for month-first; a Malaysian one (postcode before the town) is not.
struct DateOrderByAddressTests {
    @Test func aUSStateAndZipReadsAmbiguousDatesMonthFirst() {
        let fields = extract("""
        76
        1731 W 34th St Ste 886
        Portland, OR 97201
        UNLEADED PLUS                17.29
        TOTAL                        17.29
        9/2/2015
        """)
        #expect(fields.date == day("2015-09-02"))
        #expect(fields.values(.date).contains("2015-02-09"))
    }

    @Test func aMalaysianAddressKeepsDayFirst() {
        let fields = extract("""
        KEDAI MAWAR
        NO. 12, JALAN MAWAR 3, 43300 SERI KEMBANGAN, SELANGOR
        TOTAL                        17.29
        9/2/2015
        """)
        #expect(fields.date == day("2015-02-09"))
    }
}

/// A hotel bill is dated when the guest leaves: the arrival day is a stay date.
struct HotelDateTests {
    @Test("arrival and departure", arguments: [
        "ARRIVAL: 2015-04-11  DEPARTURE: 2015-04-14",
        "Anreise: 11.04.2015 Abreise: 14.04.2015",
        "Arrivée: 11.04.2015     Départ: 14.04.2015",
    ])
    func theDepartureIsTheBillsDate(stay: String) {
        let fields = extract("""
        HOTEL GARNI ZIMMERMANN
        \(stay)
        2015-04-11 ROOM CHARGE     169.99
        2015-04-12 ROOM CHARGE     169.99
        2015-04-13 ROOM CHARGE     169.99
        TOTAL                      509.97
        """)
        #expect(fields.date == day("2015-04-14"))
    }

    @Test func anArrivalLineAloneIsAStayDate() {
        let fields = extract("""
        HOTEL GARNI ZIMMERMANN
        Arrival 11/04/2015
        Date 14/04/2015
        TOTAL 509.97
        """)
        #expect(fields.date == day("2015-04-14"))
    }
}

/// A bill's dates: the one it is issued on, not the one it is paid on, even where its two columns
/// read as one line and a word of the other column ("Bill to:") would say otherwise.
struct BillDateTests {
    @Test func theLabelNearestTheDateSaysWhatItIs() {
        let fields = extract("""
        BrightFibre
        Bill to: Invoice date 10 Jan 2024
        Ana Souza Invoice no. BF-771204
        Flat 3, 88 Gloucester Road Payment due 24 Jan 2024
        Total due £35.99
        """)
        #expect(fields.date == day("2024-01-10"))
        #expect(fields.values(.date).contains("2024-01-24"))
    }

    @Test("payment dates", arguments: [
        "Payment due 24/01/2024",
        "Please pay by 24/01/2024",
        "We will collect this by Direct Debit on or after 24/01/2024",
        "Der Betrag ist fällig am 24.01.2024",
        "Zahlbar bis 24.01.2024",
    ])
    func aPaymentDateIsNotTheBillsDate(payment: String) {
        let fields = extract("""
        NORTHWIND ENERGY LTD
        10/01/2024
        \(payment)
        TOTAL 35,99
        """)
        #expect(fields.date == day("2024-01-10"))
    }

    /// "Due Date" ends with a date label but names another date; with a US address the invoice's
    /// own date is month-first, and the due date, the same either way, does not say otherwise.
    @Test func aUSInvoicesDueDateIsNeitherItsDateNorEvidenceOfTheOrder() {
        let fields = extract("""
        Lakeside Print & Design LLC INVOICE
        410 Harbor Blvd, Suite 12, Oakland, CA 94607 (510) 555-0142
        Invoice Date: 03/05/2024
        Bill To: Meridian Labs Inc. Due Date: 04/04/2024
        Total $1,269.48
        """)
        #expect(fields.date == day("2024-03-05"))
    }

    /// An online order's invoice follows the day it was ordered: the invoice's date is the bill's.
    @Test func anOrderDateIsNotTheInvoicesDate() {
        let fields = extract("""
        Nordmarkt EU S.à r.l.
        Order date 02.05.2024
        Invoice date / Delivery date 03.05.2024
        Total payable 57,97 €
        """)
        #expect(fields.date == day("2024-05-03"))
    }

    /// A period's second date follows "to", its first a date label: the label governs the first.
    @Test func aPeriodsEndIsNotTheDateItsLabelNames() {
        let fields = extract("""
        CITY PARKING LTD
        Date: 03/02/2024 to 05/02/2024
        TOTAL 12.00
        """)
        #expect(fields.date == day("2024-02-03"))
    }
}
