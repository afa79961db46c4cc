import Foundation
import RebutCore
import Rental
import Testing

@Suite struct BookingImportTests {
    @Test func anAirbnbStyleExportIsReadAndBadRowsAreNamedByLine() throws {
        let csv = """
            Confirmation code,Status,Guest name,Start date,End date,# of adults,# of children,Earnings
            HMABC123,Confirmed,Anna Puig,03/28/2025,04/02/2025,2,1,"€1,050.00"
            HMDEF456,Confirmed,"Smith, John",04/10/2025,04/13/2025,3,0,$390.00
            HMBAD001,Confirmed,No Date,,04/13/2025,2,0,100.00
            HMBAD002,Confirmed,Bad Amount,04/20/2025,04/22/2025,2,0,lots
            HMBAD003,Confirmed,Bad adults,04/20/2025,04/22/2025,two,0,100.00
            """
        let result = try BookingImport(defaultChannel: "airbnb").read(csv)
        // 03/28/2025 can only be month first, so every date in the file is read that way.
        #expect(result.dateOrderNote?.contains("month first") == true)
        #expect(result.rows.map(\.line) == [2, 3])
        let first = try #require(result.rows.first?.booking)
        #expect(first.checkIn == LocalDate(iso8601: "2025-03-28"))
        #expect(first.nights == 5)               // 28 March → 2 April
        #expect(first.adults == 2)
        #expect(first.children == 1)
        #expect(first.amount == Decimal(string: "1050.00"))
        #expect(first.channel == "airbnb")
        #expect(result.rows[1].booking.guest == "Smith, John")
        #expect(result.rows.map(\.key) == ["ref:HMABC123", "ref:HMDEF456"])
        #expect(result.errors.map(\.line) == [4, 5, 6])
        #expect(result.errors[0].description == "line 4: no check-in date")
        #expect(result.errors[1].description.contains("amount 'lots'"))
        #expect(result.errors[2].description.contains("adults 'two'"))
    }

    @Test func aSpanishSemicolonExportWithGuestsAndNoReferenceGetsKeysFromItsValues() throws {
        let csv = """
            Llegada;Noches;Personas;Niños;Importe;Nombre
            04/03/2025;2;3;1;"1.234,56";María López
            04/03/2025;2;3;1;"1.234,56";María López
            15/03/2025;1;2;0;80,00;Pere
            """
        let result = try BookingImport().read(csv)
        #expect(result.errors.isEmpty)
        // 15/03/2025 proves day first: 04/03/2025 is the 4th of March.
        #expect(result.rows[0].booking.checkIn == LocalDate(iso8601: "2025-03-04"))
        #expect(result.rows[0].booking.adults == 2)   // 3 persons, 1 child
        #expect(result.rows[0].booking.amount == Decimal(string: "1234.56"))
        // The same stay twice in the file has the same key: the store keeps one.
        #expect(result.rows[0].key == result.rows[1].key)
        #expect(result.rows[0].key != result.rows[2].key)
        #expect(result.rows[2].booking.amount == Decimal(string: "80.00"))
    }

    @Test func aBookingComStyleExportSkipsCancelledStaysAndCountsInfantsAsChildren() throws {
        let csv = """
            Book number,Booked by,Guest name(s),Check-in,Check-out,Status,Persons,Adults,Children,Price,Commission amount
            4001,ana,Ana,2025-05-01,2025-05-04,ok,3,2,1,420 EUR,63 EUR
            4002,bo,Bo,2025-05-10,2025-05-12,cancelled_by_guest,2,2,0,200 EUR,0 EUR
            """
        let result = try BookingImport(defaultChannel: "booking").read(csv)
        #expect(result.cancelled == [3])
        #expect(result.rows.count == 1)
        #expect(result.rows[0].booking.amount == 420)      // the price, not the commission
        #expect(result.rows[0].booking.nights == 3)
        #expect(result.rows[0].key == "ref:4001")
        #expect(result.dateOrderNote == nil)               // ISO dates: nothing to decide
        let airbnb = try BookingImport().read("""
            Confirmation code,Status,Start date,# of nights,# of adults,# of children,# of infants,Earnings
            HM1,Confirmed,2025-06-01,2,2,1,1,300.00
            HM2,Canceled,2025-06-05,2,2,0,0,300.00
            """)
        #expect(airbnb.rows.map(\.booking.children) == [2])
        #expect(airbnb.cancelled == [3])
    }

    @Test func aFileWithoutTheNeededColumnsSaysWhichAreMissing() {
        #expect(throws: BookingImport.Failure.missingColumns(["nights or check-out", "amount"],
                                                             header: ["Check-in", "Guests"])) {
            try BookingImport().read("Check-in,Guests\n2025-01-01,2\n")
        }
    }

    @Test func amountsAsExportsPrintThem() {
        #expect(AmountText.parse("420.00") == Decimal(string: "420.00"))
        #expect(AmountText.parse("1.234,56 €") == Decimal(string: "1234.56"))
        #expect(AmountText.parse("€1,234.56") == Decimal(string: "1234.56"))
        #expect(AmountText.parse("-35,00") == Decimal(string: "-35.00"))
        #expect(AmountText.parse("1,000") == Decimal(string: "1000"))
        #expect(AmountText.parse("n/a") == nil)
    }
}

@Suite struct AddressMatcherTests {
    let matcher = AddressMatcher([
        .init(id: 1, address: "C/ Verdi 12, 2B"),
        .init(id: 2, address: "C/ Verdi 12, 1A"),
        .init(id: 3, address: "27 Elm Grove"),
    ])

    @Test func theSupplyAddressOnABillPicksTheFlatDownToTheDoor() {
        #expect(matcher.match(["ENDESA ENERGIA", "Dirección de suministro:", "CL VERDI 12 2 B", "08012 BARCELONA"]) == 1)
        #expect(matcher.match(["Dirección de suministro: CALLE VERDI, 12 1º A"]) == 2)
        #expect(matcher.match(["Mrs J. Carter, 27 Elm Grove, Leeds LS6 2BT"]) == 3)
    }

    @Test func noOrAnAmbiguousAddressPicksNothing() {
        // Both Verdi flats match the street and number alike, and neither door is printed.
        #expect(matcher.match(["CARRER VERDI 12", "BARCELONA"]) == nil)
        #expect(matcher.match(["FORN SANT JOAN", "VERDI 14", "TOTAL 3,00"]) == nil)
        #expect(matcher.match(["12 x croissant", "Verdi"]) == nil)
    }
}

@Suite struct CSVShapeTests {
    @Test func lineNumbersCountTheFilesLinesThroughQuotedNewlinesCRLFAndABOM() throws {
        let csv = "\u{FEFF}Check-in,Nights,Adults,Amount,Guest\r\n"
            + "2025-01-10,2,2,100.00,\"Anna\r\nPuig\"\r\n"
            + "\r\n"
            + "2025-01-20,x,2,100.00,Bo\r\n"
        let result = try BookingImport().read(csv)
        #expect(result.rows.map(\.line) == [2])
        #expect(result.rows.first?.booking.guest == "Anna\r\nPuig")
        // Row 2 spans lines 2–3, line 4 is blank, so the bad row is on line 5.
        #expect(result.errors.map(\.line) == [5])
        #expect(result.errors.first?.reason == "nights 'x' is not a whole number")
    }
}

@Suite struct OddExportTests {
    @Test func emptyHeaderOnlyAndBrokenQuotesAreReadWithoutTrapping() throws {
        #expect(throws: BookingImport.Failure.self) { try BookingImport().read("") }
        #expect(try BookingImport().read("Check-in,Nights,Adults,Amount\n").rows.isEmpty)
        let broken = try BookingImport().read("Check-in,Nights,Adults,Amount\n2025-01-01,2,2,\"100.00\n2025-01-05,1,1,50\n")
        // The unclosed quote swallows the rest of the file into one field: one row, named as unreadable.
        #expect(broken.rows.isEmpty)
        #expect(broken.errors.map(\.line) == [2])
        let short = try BookingImport().read("Check-in,Nights,Adults,Amount\n2025-01-01,2\n")
        #expect(short.errors.first?.reason == "no number of adults or guests")
    }
}
