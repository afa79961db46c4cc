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

/// Receipts whose tax breakdown tables and change lines are the traps.
struct LanguageTrapTests {
    @Test func germanSupermarketWithTaxTable() {
        let fields = extract("""
        FRISCHMARKT NORD GMBH & CO. KG
        Lindenallee 12
        20259 Hamburg
        EUR
        Milch 1,19 A
        Brot 2,49 A
        Wein 6,99 B
        SUMME EUR 10,67
        Geg. Bar EUR 20,00
        Rückgeld EUR 9,33
        MwSt-Satz Netto MwSt Brutto
        A 7% 3,44 0,24 3,68
        B 19% 5,87 1,12 6,99
        Gesamtbetrag 9,31 1,36 10,67
        12.05.2022 18:41 Bon 4711
        """, ExtractionContext(languages: ["deu"]))
        #expect(fields.vendor == "FRISCHMARKT NORD GMBH & CO. KG")
        #expect(fields.total == amount("10.67"))
        #expect(fields.date == day("2022-05-12"))
        #expect(fields.payment == .cash)
        #expect(fields.currency == "EUR")
    }

    @Test func frenchCafeWithChange() {
        let fields = extract("""
        LE PETIT ZINC SAS
        8 place du Marché
        69002 LYON
        Ticket 0042 Table 3
        2 EXPRESSO 2,40
        1 CROQUE MONSIEUR 7,50
        TOTAL TTC 9,90
        ESPECES 20,00
        RENDU 10,10
        TVA 10% 0,90
        Le 14/02/2023 à 09:15
        """, ExtractionContext(languages: ["fra"]))
        #expect(fields.vendor == "LE PETIT ZINC SAS")
        #expect(fields.total == amount("9.90"))
        #expect(fields.date == day("2023-02-14"))
        #expect(fields.payment == .cash)
        #expect(fields.tax == amount("0.90"))
    }

    @Test func spanishWithTaxIncludedLine() {
        let fields = extract("""
        SUPERMERCADOS LA PLAZA S.A.
        Avda. de la Constitución 22
        41001 Sevilla
        CIF A41234567
        12/05/22 19:02
        ACEITE OLIVA 1L 8,95
        PAN 0,95
        TOTAL (IVA INCLUIDO) 9,90
        IVA INCLUIDO 10% 0,90
        ENTREGADO 10,00
        CAMBIO 0,10
        """, ExtractionContext(languages: ["spa"]))
        #expect(fields.vendor == "SUPERMERCADOS LA PLAZA S.A.")
        #expect(fields.total == amount("9.90"))
        #expect(fields.tax == amount("0.90"))
        #expect(fields.date == day("2022-05-12"))
        #expect(fields.payment == .cash)
    }

    @Test func catalanCardPayment() {
        let fields = extract("""
        LLIBRERIA EL FAR SL
        Carrer Major 3, 17001 Girona
        NIF B17123456
        Data 07/11/2021
        LLIBRE 19,90
        TOTAL 19,90
        TARGETA 19,90
        IVA 4% 0,77
        """, ExtractionContext(languages: ["cat"]))
        #expect(fields.vendor == "LLIBRERIA EL FAR SL")
        #expect(fields.total == amount("19.90"))
        #expect(fields.payment == .card)
        #expect(fields.date == day("2021-11-07"))
    }

    @Test func usReceiptMonthFirstWithEvidence() {
        let fields = extract("""
        BLUE BAY DINER INC
        120 Main Street
        Springfield, IL 62701
        04/05/2019 7:45 PM
        Member since 10/21/2016
        BURGER 11.50
        SODA 2.00
        SUBTOTAL 13.50
        SALES TAX 1.08
        TOTAL 14.58
        VISA XXXX1234 14.58
        """)
        #expect(fields.date == day("2019-04-05"))
        #expect(fields.values(.date).contains("2019-05-04"))
        #expect(fields.total == amount("14.58"))
        #expect(fields.tax == amount("1.08"))
        #expect(fields.payment == .card)
    }
}
