import Extraction
import RebutCore
import Testing

/// The currency when the receipt prints none, or only a "$".
@Suite struct CountryEvidenceTests {
    @Test func aMalaysianShopsDollarSignIsRinggit() {
        let fields = extract("""
            KEDAI RUNCIT MAJU SDN BHD
            12, JALAN BUNGA RAYA, TAMAN MEWAH
            81100 JOHOR BAHRU
            TOTAL $8.20
            CASH $10.00
            """)
        #expect(fields.currency == "MYR")
        #expect(fields.total.map { MoneyFormat.canonical($0) } == "8.20")
    }

    @Test func aDollarWithoutCountrySignsFollowsTheEvent() {
        let fields = extract("CORNER DELI\nTOTAL $8.20", ExtractionContext(defaultCurrency: "CAD"))
        #expect(fields.currency == "CAD")
    }

    @Test func severalSignsOfACountryBeatTheEventsDefault() {
        let fields = extract("""
            FERRETERIA PUIG S.L.
            CIF B12345678
            C/ MAJOR 3, BARCELONA
            TOTAL 12,50
            IVA 21% 2,17
            """, ExtractionContext(languages: ["spa"], defaultCurrency: "GBP"))
        #expect(fields.currency == "EUR")
    }

    @Test func oneSignIsNotEnoughToOverruleTheEvent() {
        let fields = extract("HOTEL PARIS\nTOTAL 80.00", ExtractionContext(defaultCurrency: "USD"))
        #expect(fields.currency == "USD")
        #expect(fields.candidates[.currency]?.contains { $0.value == "EUR" } == true)
    }

    @Test func aPrintedCurrencyAlwaysWins() {
        let fields = extract("""
            TECH PTE LTD
            SINGAPORE 018989
            TOTAL RM 15.00
            """)
        #expect(fields.currency == "MYR")
    }
}
