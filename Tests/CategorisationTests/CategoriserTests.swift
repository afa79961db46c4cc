import RebutCore
import Testing
@testable import Categorisation

private func lines(_ text: String) -> [TextLine] { TextLine.lines(fromPlainText: text) }

@Suite struct CategoriserTests {
    let categoriser = Categoriser()

    @Test(arguments: [
        // English
        ("The Red Lion Pub", "2 x Fish and chips\nService charge 10%", "meals"),
        ("Premier Inn London", "Room rate 1 night\nCity tax", "lodging"),
        // Spanish
        ("Restaurante Casa Pepe", "Menú del día 2 x 14,50\nPropina", "meals"),
        ("Renfe Viajeros", "Billete tren AVE Madrid - Barcelona", "transport"),
        ("Estación de Servicio Repsol", "Gasolina 95 sin plomo 42,10 litros", "fuel"),
        ("Mercadona S.A.", "Leche entera\nPan de molde\nHuevos", "groceries"),
        ("Endesa Energía S.A.U.", "Término de potencia\nEnergía consumida 312 kWh", "electricity"),
        ("Canal de Isabel II", "Consumo de agua 14 m3\nAlcantarillado", "water"),
        ("Ferretería López", "Tornillos 4x40\nSilicona", "materials"),
        // Catalan
        ("Aparcament Saba Diagonal", "Entrada 09:12 Sortida 11:40", "parking-tolls"),
        ("Lampisteria Puig", "Reparació aixeta cuina\nMà d'obra 1 h", "repairs"),
        ("Bugaderia La Neta", "Rentat i planxat", "cleaning"),
        // German
        ("Gaststätte Zum Löwen", "Tagesmenü\nBier 0,5l\nTrinkgeld", "meals"),
        ("Aral Tankstelle", "Super E10 38,2 Liter", "fuel"),
        ("Hotel Adlon", "Übernachtung 2 Nächte\nKurtaxe", "lodging"),
        ("Vodafone GmbH", "Mobilfunk Rechnung\nAnrufe", "phone"),
        // French
        ("Brasserie du Port", "Menu du jour\nPourboire", "meals"),
        ("Vinci Autoroutes", "Péage A7 classe 1", "parking-tolls"),
        ("Orange SA", "Forfait mobile\nLivebox fibre", "phone"),
        ("Plombier Dupont", "Réparation fuite chaudière\nMain d'oeuvre", "repairs"),
        ("Papeterie Martin", "Ramette papier A4\nStylo bille", "office"),
        // Malaysian (the dev set)
        ("RESTORAN WAN SHENG", "TEH TARIK 2.20\nROTI CANAI 1.50\nTAKE AWAY", "meals"),
        ("99 SPEED MART S/B", "GARBAGE BAG (BLUE)\nMILO 1KG", "groceries"),
        ("KEDAI PAPAN YEW CHUAN", "PLYWOOD 4' X 8'", "materials"),
        ("LIAN HING STATIONERY SDN BHD", "A4 PAPER 80GSM\nGLUE STICK", "office"),
        ("SHELL ISNI PETRO TRADING", "RON95 30.00 LITRE", "fuel"),
    ])
    func keywordRulesChooseTheCategory(vendor: String, text: String, expected: String) {
        let decision = categoriser.categorise(vendor: vendor, lines: lines(text))
        #expect(decision.category == expected, "\(vendor): \(decision.reason)")
        #expect(decision.score > 0.5)
        #expect(decision.candidates.first?.value == expected)
        #expect(!decision.reason.isEmpty)
    }

    @Test func withoutAVendorTheHeaderLinesStandIn() {
        let decision = categoriser.categorise(vendor: nil, lines: lines("""
            HOTEL MAJESTIC
            Jalan Sultan Hishamuddin
            Room 412  2 nights
            TOURISM TAX 20.00
            """))
        #expect(decision.category == "lodging")
    }

    @Test func nothingToGoOnGivesNoCategory() {
        let decision = categoriser.categorise(vendor: "ACME 42", lines: lines("ITEM 1 9.99\nTOTAL 9.99"))
        #expect(decision.category == nil)
        #expect(decision.score == 0)
        #expect(decision.candidates.isEmpty)
    }

    @Test func aSingleWeakKeywordOnlySuggests() {
        let decision = categoriser.categorise(vendor: "BOOK TA.K", lines: lines("FISH FOOD FLAKES 12.90"))
        #expect(decision.category == nil)
        #expect(decision.candidates.map(\.value) == ["meals"])
        #expect(decision.reason.contains("fish"))
    }

    @Test func theEventsGroupWinsACloseCall() {
        // Two equipment words, two electronics words: the event's kind decides.
        let text = lines("Laptop 14 inch\nMonitor 27\nCharger 65W\nMouse")
        #expect(categoriser.categorise(vendor: "Tech Corner", lines: text).score <= 0.5)
        let travel = categoriser.categorise(vendor: "Tech Corner", lines: text, preferring: .travel)
        let project = categoriser.categorise(vendor: "Tech Corner", lines: text, preferring: .project)
        #expect(travel.category == "electronics")
        #expect(project.category == "equipment")
    }

    @Test func aLearnedVendorWinsOverTheRules() {
        let learning = Categoriser(learned: ["Restoran Wan Sheng Sdn Bhd": "services"])
        let decision = learning.categorise(vendor: "RESTORAN WAN SHENG", lines: lines("TEH TARIK\nTAKE AWAY"))
        #expect(decision.category == "services")
        #expect(decision.score == 1.0)
        #expect(decision.reason.contains("learned"))
        #expect(decision.candidates.map(\.value) == ["services", "meals"])
    }

    @Test func aCloseVendorSpellingStillCountsAsLearned() {
        let learning = Categoriser(learned: ["MRDIY": "equipment", "GINKEE": "materials"])
        // OCR slip and a branch name.
        let slip = learning.categorise(vendor: "MR. D.I.Y (M) SDN BHD", lines: [])
        #expect(slip.category == "equipment")
        let branch = learning.categorise(vendor: "MR DIY KUCHAI", lines: [])
        #expect(branch.category == "equipment")
        #expect(branch.score < 1.0 && branch.score > 0.5)
        let ocr = learning.categorise(vendor: "SYARIKAT PERNIAGAAN GIN KEE", lines: [])
        #expect(!ocr.reason.contains("learned"), "a long name that merely contains a short learned key is another vendor")
        // Unrelated vendors do not borrow a learned category.
        #expect(learning.categorise(vendor: "MR BEAN CAFE", lines: []).category == "meals")
    }

    @Test func vendorKeysIgnoreCaseAccentsPunctuationAndLegalForms() {
        let same = ["MR. D.I.Y. (M) SDN BHD", "Mr DIY Sdn. Bhd.", "mr d.i.y.", "MR DIY S/B"]
        #expect(Set(same.map(Categoriser.vendorKey)) == ["MRDIY"])
        #expect(Categoriser.vendorKey("Endesa Energía, S.A.U.") == "ENDESAENERGIA")
        #expect(Categoriser.vendorKey("Müller GmbH & Co. KG") == "MULLER")
        #expect(Categoriser.vendorKey("Boulangerie Paul SARL") == "BOULANGERIEPAUL")
        #expect(Categoriser.vendorKey("Acme Ltd") == Categoriser.vendorKey("ACME LIMITED"))
        // A legal form alone is still a name; an empty name gives an empty key.
        #expect(Categoriser.vendorKey("S.A.") == "SA")
        #expect(Categoriser.vendorKey(" .,- ") == "")
        // Only trailing legal forms go.
        #expect(Categoriser.vendorKey("SA Plaça Bar") == "SAPLACABAR")
    }

    @Test func keywordsMatchWholeWordsAndHonourStars() throws {
        let rules = try CategoryRules(text: """
            [a]
            group: travel
            vendor: bar
            [b]
            group: travel
            vendor: restaur*
            [c]
            group: travel
            vendor: *maut
            """)
        let c = Categoriser(rules: rules)
        #expect(c.categorise(vendor: "Barcelona Tours", lines: []).category == nil)
        #expect(c.categorise(vendor: "Bar Pinotxo", lines: []).category == "a")
        #expect(c.categorise(vendor: "Restaurantes Sol", lines: []).category == "b")
        #expect(c.categorise(vendor: "Autobahnmaut", lines: []).category == "c")
        #expect(c.categorise(vendor: "Mautstelle", lines: []).category == nil)
    }
}
