import Testing
import RebutCore
@testable import Extraction

/// A lexicon that has seen one receipt of each vendor, as the store would build it.
private func lexicon(_ receipts: [(vendor: String, text: String)], corrected: Bool = true) -> VendorLexicon {
    var lexicon = VendorLexicon()
    for receipt in receipts {
        let lines = TextLine.lines(fromPlainText: receipt.text)
        let fields = extract(receipt.text)
        lexicon.learn(VendorSighting(vendor: receipt.vendor, readAs: [fields.vendor].compactMap { $0 }, lines: lines,
                                     currency: fields.currency, total: fields.total, corrected: corrected))
    }
    return lexicon
}

private let mercadona = (vendor: "MERCADONA S.A.", text: """
MERCADONA S.A.
C/ MAYOR 12, 46001 VALENCIA
CIF A46103834
TEL 963 883 333
TOTAL 23,40 €
""")

/// Each kind of evidence in the vendor lexicon fixes a misread vendor.
struct VendorLexiconTests {
    @Test func confusableCharactersMatchAKnownName() {
        let known = lexicon([mercadona])
        let fields = extract("""
        MERCAD0NA 5.A.
        AV. DEL PUERTO 3, 46023 VALENCIA
        TOTAL 8,10 €
        """, ExtractionContext(lexicon: known))
        #expect(fields.vendor == "MERCADONA S.A.")
        let top = fields.candidates[.vendor]?.first
        #expect(top?.evidence?.contains("name") == true)
        #expect(top?.line == "MERCAD0NA 5.A.")
        #expect((fields.confidence[.vendor] ?? 0) >= 0.85)
    }

    @Test func rnReadForMIsOneMisread() {
        #expect(OCRConfusion.similarity("HARBOUR KITCHENETTE", "HARBOUR KITCHENETTE") == 1)
        #expect(OCRConfusion.similarity("MORNINGTIDE", "RNORNINGTIDE") == 1)
        #expect(OCRConfusion.similarity("BLUE 8AY", "BLUE BAY") == 1)
        #expect(OCRConfusion.similarity("ACME", "ZENITH") < 0.5)
    }

    @Test func aSharedRegistrationNumberWinsOverAGarbledName() {
        let known = lexicon([(vendor: "LIGHTHOUSE GALLERY SDN BHD", text: """
        LIGHTHOUSE GALLERY SDN BHD
        (1174703-K)
        NO 5, JALAN BESAR, 53100 KUALA LUMPUR
        TOTAL 9.00
        """)])
        let fields = extract("""
        L1GH7H~S G4LL SDN
        (1174703-K)
        LOT 9, JALAN AMPANG, 50450 KUALA LUMPUR
        TOTAL 12.00
        """, ExtractionContext(lexicon: known))
        #expect(fields.vendor == "LIGHTHOUSE GALLERY SDN BHD")
        #expect(fields.candidates[.vendor]?.first?.evidence?.contains("same registration number 1174703K") == true)
    }

    @Test func aSharedPhoneNumberWinsOverAGarbledName() {
        let known = lexicon([mercadona])
        let fields = extract("""
        M~RC~D
        TEL: 963-883-333
        TOTAL 4,00 €
        """, ExtractionContext(lexicon: known))
        #expect(fields.vendor == "MERCADONA S.A.")
        #expect(fields.candidates[.vendor]?.first?.evidence?.contains("same phone") == true)
    }

    @Test func aSharedAddressLineMakesALooserNameMatchCount() {
        let known = lexicon([(vendor: "TEO HENG STATIONERY & BOOKS", text: """
        TEO HENG STATIONERY & BOOKS
        NO. 53, JALAN BESAR, TAMAN DAYA
        81100 JOHOR BAHRU
        TOTAL 9.00
        """)])
        let read = """
        TE0 HFNG STAT1ONFRY & B0
        NO. 53, JALAN BESAR, TAMAN DAYA
        TOTAL 3.00
        """
        // The name alone is too far off to be trusted …
        #expect(OCRConfusion.similarity("TEO HENG STATIONERY & BOOKS", "TE0 HFNG STAT1ONFRY & B0") < VendorMatcher.nameThreshold)
        // … the same address line settles it.
        let fields = extract(read, ExtractionContext(lexicon: known))
        #expect(fields.vendor == "TEO HENG STATIONERY & BOOKS")
        #expect(fields.candidates[.vendor]?.first?.evidence?.contains("same address line") == true)
    }

    @Test func aRegistrationNumberOneDigitOffSupportsALooserName() {
        let known = lexicon([(vendor: "MR. D.I.Y. (KUCHAI) SDN BHD", text: """
        MR. D.I.Y. (KUCHAI) SDN BHD
        (CO REG : 750441-W)
        TOTAL 9.00
        """)])
        let read = """
        M2. D.7.¥. (KUCHAL) SDN BHD
        (Co Reg :760441-W)
        TOTAL 36.00
        """
        #expect(OCRConfusion.similarity("MR. D.I.Y. (KUCHAI) SDN BHD", "M2. D.7.¥. (KUCHAL) SDN BHD") < VendorMatcher.nameThreshold)
        let fields = extract(read, ExtractionContext(lexicon: known))
        #expect(fields.vendor == "MR. D.I.Y. (KUCHAI) SDN BHD")
        #expect(fields.candidates[.vendor]?.first?.evidence?.contains("one character from a known one") == true)
    }

    @Test func aSpellingOCRMadeBeforeIsRecognisedAgain() {
        var known = VendorLexicon()
        known.learn(VendorSighting(vendor: "Kedai Papan Yew Chuan", readAs: ["KEDAI PAPAN YEN CHUAN"],
                                   lines: TextLine.lines(fromPlainText: "KEDAI PAPAN YEN CHUAN\nTOTAL 1.00"), corrected: true))
        let fields = extract("KEDAI PAPAN YEN CHUAN\nTOTAL 2.00", ExtractionContext(lexicon: known))
        #expect(fields.vendor == "Kedai Papan Yew Chuan")
    }

    @Test func aTitleLinePickedByMistakeIsNotLearnedAsASpelling() {
        var known = VendorLexicon()
        known.learn(VendorSighting(vendor: "ACME TRADING", readAs: ["TAX INVOICE"],
                                   lines: TextLine.lines(fromPlainText: "TAX INVOICE\nACME TRADING\nTOTAL 1.00"), corrected: true))
        #expect(known.vendor(named: "ACME TRADING")?.variants.isEmpty == true)
        let fields = extract("TAX INVOICE\nZENITH BOOKS ENTERPRISE\nTOTAL 2.00", ExtractionContext(lexicon: known))
        #expect(fields.vendor == "ZENITH BOOKS ENTERPRISE")
    }
}

/// None of the evidence overturns a confident right reading.
struct VendorLexiconRestraintTests {
    @Test func aNewVendorCloseToAKnownOneButWithAnotherTaxNumberStaysItself() {
        let known = lexicon([(vendor: "LIM SENG THO HARDWARE TRADING", text: """
        LIM SENG THO HARDWARE TRADING
        (001108781-K)
        TOTAL 9.00
        """)])
        let fields = extract("""
        LIM SENG TOH HARDWARE TRADING
        (002233445-X)
        TOTAL 9.00
        """, ExtractionContext(lexicon: known))
        // Close enough by name alone (one letter swapped) …
        #expect(OCRConfusion.similarity("LIM SENG THO HARDWARE TRADING", "LIM SENG TOH HARDWARE TRADING") >= VendorMatcher.nameThreshold)
        // … but another registration number is another business.
        #expect(fields.vendor == "LIM SENG TOH HARDWARE TRADING")
        #expect(fields.candidates[.vendor]?.allSatisfy { $0.evidence == nil } == true)
    }

    @Test func aNumberPrintedForSeveralVendorsTellsNoneApart() {
        // The customer's own phone in the bill-to block of two suppliers' invoices.
        let known = lexicon([
            (vendor: "NORTHWIND TRADERS LTD", text: "NORTHWIND TRADERS LTD\nBILL TO: ACME R&D\nTEL: 0161 496 0000\nTOTAL 100.00"),
            (vendor: "GREENLEAF TRADING", text: "GREENLEAF TRADING\nBILL TO: ACME R&D\nTEL: 0161 496 0000\nTOTAL 50.00"),
        ])
        let fields = extract("BLUE RIVER SUPPLIES LTD\nBILL TO: ACME R&D\nTEL: 0161 496 0000\nTOTAL 20.00",
                             ExtractionContext(lexicon: known))
        #expect(fields.vendor == "BLUE RIVER SUPPLIES LTD")
    }

    @Test func anUnrelatedVendorIsLeftAsRead() {
        let known = lexicon([mercadona])
        let fields = extract("""
        FORN DE LA VILA SCCL
        C/ MAJOR 3, 08001 BARCELONA
        TOTAL 3,20 €
        """, ExtractionContext(lexicon: known))
        #expect(fields.vendor == "FORN DE LA VILA SCCL")
    }
}

/// A known vendor's habits raise the candidates that fit them.
struct VendorHabitTests {
    private static let cafe = (vendor: "CAFE LUNA", text: """
    CAFE LUNA
    NO 3 JALAN BUNGA
    NETT TOTAL 12.00
    """)

    @Test func theVendorsUsualCurrencyBeatsAGuess() {
        var known = VendorLexicon()
        for _ in 0..<2 {
            known.learn(VendorSighting(vendor: "CAFE LUNA", lines: TextLine.lines(fromPlainText: Self.cafe.text), currency: "MYR"))
        }
        let text = "CAFE LUNA\nTOTAL 7.50"
        // Cold, the event's currency is the only guess.
        #expect(extract(text, ExtractionContext(defaultCurrency: "EUR")).currency == "EUR")
        let fields = extract(text, ExtractionContext(defaultCurrency: "EUR", lexicon: known))
        #expect(fields.currency == "MYR")
        #expect(fields.candidates[.currency]?.first?.evidence?.contains("usually paid in MYR") == true)
        #expect(fields.values(.currency).contains("EUR"))
    }

    @Test func aPrintedCurrencyIsNeverOverturned() {
        var known = VendorLexicon()
        known.learn(VendorSighting(vendor: "CAFE LUNA", lines: TextLine.lines(fromPlainText: Self.cafe.text), currency: "MYR"))
        let fields = extract("CAFE LUNA\nTOTAL 7.50 €", ExtractionContext(lexicon: known))
        #expect(fields.currency == "EUR")
    }

    @Test func theLineTheVendorPrintsItsTotalOnWinsAnUnconfirmedPick() {
        var known = VendorLexicon()
        known.learn(VendorSighting(vendor: "CAFE LUNA", lines: TextLine.lines(fromPlainText: """
            CAFE LUNA
            NASI 9.00
            TOTAL 9.00
            NET AMOUNT 8.49
            """), total: amount("9.00")))
        #expect(known.vendor(named: "CAFE LUNA")?.usualTotalLabel == "TOTAL")
        let text = """
        CAFE LUNA
        NASI 12.80
        TEH 2.00
        TOTAL 14.80
        NET AMOUNT 14.00
        """
        let cold = extract(text)
        #expect(cold.total == amount("14.00"))
        #expect((cold.confidence[.total] ?? 1) < 0.8)
        let warm = extract(text, ExtractionContext(lexicon: known))
        #expect(warm.total == amount("14.80"))
        #expect(warm.candidates[.total]?.first?.evidence?.contains("prints its total as \"TOTAL\"") == true)
        #expect(warm.values(.total).contains("14.00"))
    }

    @Test func aConfirmedTotalIsNotMovedByTheVendorsHabit() {
        var known = VendorLexicon()
        known.learn(VendorSighting(vendor: "CAFE LUNA", lines: TextLine.lines(fromPlainText: "CAFE LUNA\nNASI 9.00\nNETT TOTAL 9.00"),
                                   total: amount("9.00")))
        // Rounded to 5 cents, the receipt's own rule: no habit overturns it.
        let text = "CAFE LUNA\nNASI 4.53\nNETT TOTAL 4.53\nTOTAL ROUNDED 4.55"
        #expect(extract(text).total == amount("4.55"))
        #expect(extract(text, ExtractionContext(lexicon: known)).total == amount("4.55"))
    }

    @Test func theLabelOfTheVendorsTotalLineIsLearned() {
        var known = VendorLexicon()
        known.learn(VendorSighting(vendor: "CAFE LUNA", lines: TextLine.lines(fromPlainText: Self.cafe.text),
                                   total: amount("12.00")))
        #expect(known.vendor(named: "CAFE LUNA")?.usualTotalLabel == "NETT TOTAL")
    }
}
