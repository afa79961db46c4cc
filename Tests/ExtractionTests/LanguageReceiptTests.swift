import Testing
import RebutCore
@testable import Extraction

/// Whole short receipts in each language, written for these tests.
struct LanguageReceiptTests {
    @Test func spanish() {
        let fields = extract("""
        FACTURA SIMPLIFICADA
        CAFETERIA EL PUERTO S.L.
        C/ Mayor 14, 28013 Madrid
        NIF B12345678
        Fecha: 03/04/2019 Hora: 13:45
        2 CAFE CON LECHE 1,40 2,80
        1 TOSTADA 2,10 2,10
        BASE IMPONIBLE 4,45
        IVA 10% 0,45
        TOTAL A PAGAR 4,90 €
        TARJETA 4,90
        GRACIAS POR SU VISITA
        """, ExtractionContext(languages: ["spa"]))
        #expect(fields.vendor == "CAFETERIA EL PUERTO S.L.")
        #expect(fields.date == day("2019-04-03"))
        #expect(fields.total == amount("4.90"))
        #expect(fields.currency == "EUR")
        #expect(fields.payment == .card)
        #expect(fields.tax == amount("0.45"))
    }

    @Test func catalan() {
        let fields = extract("""
        TIQUET
        FORN DE PA LA ROSA SL
        Carrer de Sants 120, 08014 Barcelona
        Data: 12/01/2020 09:12
        BARRA 1,20
        CROISSANT 2 x 1,35 2,70
        SUBTOTAL 3,55
        IVA 10% 0,35
        IMPORT TOTAL 3,90
        EFECTIU 5,00
        CANVI 1,10
        """, ExtractionContext(languages: ["cat", "spa"]))
        #expect(fields.vendor == "FORN DE PA LA ROSA SL")
        #expect(fields.date == day("2020-01-12"))
        #expect(fields.total == amount("3.90"))
        #expect(fields.payment == .cash)
        #expect(fields.currency == "EUR")
    }

    @Test func german() {
        let fields = extract("""
        Bäckerei Sonnenschein GmbH
        Hauptstraße 7, 10115 Berlin
        Tel. 030 1234567
        Datum: 15.03.2021 08:03
        Brötchen 4 x 0,45 1,80
        Kaffee 2,50
        Pfand 0,25
        Zwischensumme 4,55
        MwSt 7% 0,28
        SUMME EUR 4,55
        Gegeben EC-Karte 4,55
        """, ExtractionContext(languages: ["deu"]))
        #expect(fields.vendor == "Bäckerei Sonnenschein GmbH")
        #expect(fields.date == day("2021-03-15"))
        #expect(fields.total == amount("4.55"))
        #expect(fields.payment == .card)
        #expect(fields.tax == amount("0.28"))
        #expect(fields.currency == "EUR")
    }

    @Test func french() {
        let fields = extract("""
        BIENVENUE
        BOULANGERIE DU MARCHE SARL
        12 rue de la Paix 75002 Paris
        SIRET 123 456 789 00012
        le 1er mars 2019 à 10:21
        BAGUETTE 1,10
        CROISSANT 2 x 1,20 2,40
        TOTAL HT 3,18
        TVA 10% 0,32
        TOTAL TTC 3,50 EUR
        CB SANS CONTACT 3,50
        MERCI DE VOTRE VISITE
        """, ExtractionContext(languages: ["fra"]))
        #expect(fields.vendor == "BOULANGERIE DU MARCHE SARL")
        #expect(fields.date == day("2019-03-01"))
        #expect(fields.total == amount("3.50"))
        #expect(fields.payment == .card)
        #expect(fields.tax == amount("0.32"))
    }

    @Test func englishMalaysian() {
        let fields = extract("""
        tan a. b.
        GREENLEAF STATIONERY SDN BHD
        (812345-A)
        NO 8, JALAN INDAH 2, TAMAN MEWAH,
        81100 JOHOR BAHRU, JOHOR.
        TEL: 07-355 1234
        SIMPLIFIED TAX INVOICE
        Doc No: CS00012345 Date: 05/02/2018
        Cashier: USER Time: 11:14:00
        PEN BLUE 2 1.50 3.00 SR
        A4 PAPER 1 12.90 12.90 SR
        Total Sales (Excluding GST) : 15.00
        Total GST : 0.90
        Rounding : 0.00
        Total Sales (Inclusive of GST) : 15.90
        CASH : 20.00
        Change : 4.10
        GST SUMMARY Amount(RM) Tax(RM)
        SR @ 6% 15.00 0.90
        """)
        #expect(fields.vendor == "GREENLEAF STATIONERY SDN BHD")
        #expect(fields.date == day("2018-02-05"))
        #expect(fields.total == amount("15.90"))
        #expect(fields.currency == "MYR" || fields.currency == nil)
        #expect(fields.payment == .cash)
        #expect(fields.tax == amount("0.90"))
    }
}
