import DomainReports
import Foundation
import RebutCore
import Rental
import Reports
import RnDDeduction
import Testing

/// The flat and project documents built from hand-made statements and costings, checked cell by
/// cell against hand-computed figures, then rendered as real PDFs and read back with poppler.
@Suite struct DomainReportDocumentTests {
    private static func day(_ text: String) -> LocalDate { LocalDate(iso8601: text)! }
    private static func money(_ text: String) -> Decimal { Decimal(string: text)! }

    /// Zone 1 at 0.65 until 2025-02-14 and 1.00 from 2025-02-15; three stays and three bills.
    private static func flat(quarters: [Quarter]) -> FlatStatements {
        let table = TouristTaxTable(TouristTaxRate.cataloniaDefaults
            + [TouristTaxRate(zone: "1", validFrom: day("2025-02-15"), perPersonNight: 1)])
        let bookings = [
            Booking(id: 1, checkIn: day("2025-01-10"), nights: 3, adults: 2, children: 1, amount: 300, guest: "Anna Puig", channel: "direct"),
            Booking(id: 2, checkIn: day("2025-02-20"), nights: 4, adults: 2, children: 0, amount: 400, channel: "airbnb"),
            Booking(id: 3, checkIn: day("2025-03-29"), nights: 5, adults: 2, children: 2, amount: 500, channel: "booking"),
        ]
        let bills = [
            RentalExpense(receiptId: 7, vendor: "Endesa", date: day("2025-01-15"), category: "electricity", amount: money("61.20"),
                          currency: "EUR", billingPeriod: BillingPeriod(start: day("2024-12-10"), end: day("2025-01-09"))),
            RentalExpense(receiptId: 8, vendor: "Neteges Pla", date: day("2025-03-30"), category: "cleaning", amount: 90, currency: "EUR",
                          needsReview: true),
            RentalExpense(receiptId: 9, vendor: "Endesa", date: day("2025-04-02"), category: "electricity", amount: 50, currency: "EUR"),
        ]
        let builder = PropertyStatementBuilder(propertyName: "Flat 2B", zone: "1", table: table)
        return FlatStatements(name: "Flat 2B", address: "C/ Verdi 12, 2B", town: "Barcelona", zone: "1", currency: "EUR",
                              statements: builder.statements(for: quarters, bookings: bookings, expenses: bills))
    }

    private static func cells(_ row: ReportRow?) -> [String] { row?.cells.map(\.plainText) ?? [] }

    @Test func aFlatsQuarterCarriesTaxDueProfitAndTheDetailBehindThem() async throws {
        let document = PropertyReportDocument(flats: [Self.flat(quarters: [Quarter("2025Q1")!])], combined: false).document
        // Income 300 + 400 + 500 = 1200.00; expenses 61.20 + 90.00 = 151.20 (the April bill is Q2's);
        // tax 2×3×0.65 = 3.90 (child exempt) + 2×4×1.00 = 8.00 + 2×5×1.00 = 10.00 = 21.90;
        // profit 1200.00 − 151.20 − 21.90 = 1026.90.
        let statement = try #require(document.table("statement-2025Q1"))
        #expect(statement.rows.map { Self.cells($0).last } == ["1200.00", "-151.20", "-21.90"])
        #expect(Self.cells(statement.totals) == ["Profit", "1026.90"])
        let rates = try #require(document.table("rates-2025Q1"))
        #expect(rates.rows.map { Self.cells($0).dropFirst().map { $0 } } == [["0.65", "6", "3.90"], ["1.00", "18", "18.00"]])
        #expect(Self.cells(rates.totals) == ["Tourist tax due (modelo 950)", "", "24", "21.90"])
        let bookings = try #require(document.table("bookings-2025Q1"))
        #expect(Self.cells(bookings.totals) == ["Total", "", "", "12", "6", "3", "24", "", "21.90", "1200.00"])
        let bills = try #require(document.table("bills-2025Q1"))
        #expect(bills.rows.map { $0.flag } == [nil, "needs review"])
        #expect(Self.cells(bills.rows.first).contains("2024-12-10 – 2025-01-09"))

        let text = try await Self.renderAndRead(document)
        for expected in ["Holiday-rental statement", "Flat 2B · 2025Q1", "C/ Verdi 12, 2B, Barcelona", "Tourist tax due (modelo 950)",
                         "21.90 EUR", "1,026.90 EUR", "−151.20 EUR", "1,200.00 EUR", "Income, expenses and tourist tax",
                         "issue date", "runs into the next quarter", "needs review"] {
            #expect(text.pdf.contains(expected), "the PDF text lacks '\(expected)'")
        }
        #expect(text.info.contains("595.28 x 841.89 pts (A4)"), "\(text.info)")
        #expect(text.pages >= 1 && text.pdf.contains("Page \(text.pages) of \(text.pages)"))
    }

    @Test func aFlatsYearHasItsQuartersAtAGlanceAndAPagePerQuarter() async throws {
        let document = PropertyReportDocument(flats: [Self.flat(quarters: Quarter.allOf(year: 2025))], combined: false).document
        #expect(document.subtitle == "Flat 2B · 2025")
        let quarters = try #require(document.table("quarters"))
        #expect(quarters.rows.map { Self.cells($0).last } == ["1026.90", "-50.00", "0.00", "0.00"])
        #expect(Self.cells(quarters.totals).last == "976.90")     // 1026.90 − 50.00
        // The overview and the first quarter share the first page; the other three start one each.
        #expect(document.sections.map(\.startsNewPage) == [false, false, true, true, true])
        let text = try await Self.renderAndRead(document)
        #expect(text.pages >= 4, "four quarters: \(text.pages) pages")
        #expect(text.pdf.contains("976.90 EUR") && text.pdf.contains("2025Q4 · 1 October – 31 December 2025"))
    }

    @Test func undatedBillsAreNamedAsInNoQuarter() throws {
        var flat = Self.flat(quarters: [Quarter("2025Q1")!])
        flat.undatedBills = [12, 15]
        let document = PropertyReportDocument(flats: [flat], combined: false).document
        let first = try #require(document.sections.first)
        #expect(first.title == "Bills in no quarter")
        guard case .flags(let flags)? = first.blocks.first else { Issue.record("no flags: \(first.blocks)"); return }
        #expect(flags == ["2 bills without a date are in no quarter: #12, #15 (rebut review)"])
    }

    /// The project of the CLI test: personnel 60000, researchers 40000, amortisation 5000,
    /// collaborations 20000 (suggested), consumables 10000, fixed assets 30000; 20000 of
    /// subsidies; 50000 and 70000 of R&D in the two previous years.
    private static func sensor() -> ProjectCosting {
        let costs: [(CostType, Decimal, Bool)] = [(.personnel, 60000, false), (.researchers, 40000, false), (.amortisation, 5000, false),
                                                  (.collaborations, 20000, true), (.consumables, 10000, false), (.fixedAssets, 30000, false)]
        let lines = costs.enumerated().map { index, cost in
            CostLine(source: .manual(Int64(index + 1)), description: "cost #\(index + 1)", date: day("2025-06-30"), amount: cost.1,
                     currency: "EUR", type: cost.0, suggested: cost.2, reason: cost.2 ? "usual for category services" : nil)
        }
        return ProjectCosting(name: "Sensor R&D", type: .rd, fiscalYear: 2025, currency: "EUR", subsidies: 20000,
                              priorSpending: [2023: 50000, 2024: 70000], costs: lines, rates: .defaults)
    }

    @Test func aProjectShowsEveryLineOfTheDeductionLabelledAnEstimate() async throws {
        let document = ProjectReportDocument(projects: [Self.sensor()], combined: false).document
        let lines = try #require(document.table("deduction"))
        // Eligible 60000 + 40000 + 5000 + 20000 + 10000 = 135000; − 65% × 20000 = 13000 → 122000;
        // average (50000 + 70000) / 2 = 60000; excess 62000; 25% × 60000 = 15000; 42% × 62000 = 26040;
        // 17% × 40000 = 6800; 8% × 30000 = 2400; total 50240.
        #expect(lines.rows.map { Self.cells($0) } == [
            ["Eligible costs (every cost type but fixed assets)", "135000.00", "", ""],
            ["Subsidies received", "20000.00", "", ""],
            ["Subsidy reduction (taken off the base)", "-13000.00", "65%", ""],
            ["Reduced base", "122000.00", "", ""],
            ["Average R&D spending of the two previous years", "60000.00", "", ""],
            ["Base up to the average", "60000.00", "", ""],
            ["Excess over the average", "62000.00", "", ""],
            ["Deduction on the base up to the previous years' average", "60000.00", "25%", "15000.00"],
            ["Deduction on the base above the average (excess)", "62000.00", "42%", "26040.00"],
            ["Deduction on the qualified researchers exclusively on R&D", "40000.00", "17%", "6800.00"],
            ["Deduction on the fixed assets exclusively for R&D", "30000.00", "8%", "2400.00"],
        ])
        #expect(Self.cells(lines.totals) == ["Total deduction (estimate, not tax advice)", "", "", "50240.00"])
        let byType = try #require(document.table("byType"))
        #expect(Self.cells(byType.totals) == ["Spending", "6", "", "165000.00", "100.0"])
        #expect(try #require(document.table("costs")).rows.compactMap(\.flag) == ["cost type suggested: usual for category services"])

        let text = try await Self.renderAndRead(document)
        for expected in ["R&D deduction estimate", "Estimate only, not tax advice", "an estimate, not tax advice",
                         "135,000.00 EUR", "−13,000.00 EUR", "122,000.00 EUR", "60,000.00 EUR", "62,000.00 EUR",
                         "15,000.00 EUR", "26,040.00 EUR", "6,800.00 EUR", "2,400.00 EUR", "50,240.00 EUR", "42%",
                         "Deduction against spending", "Costs by type", "External collaborations (suggested)"] {
            #expect(text.pdf.contains(expected), "the PDF text lacks '\(expected)'")
        }
        #expect(text.info.contains("(A4)"))
        // The estimate label is on every page (the footer).
        #expect(text.pdf.components(separatedBy: "an estimate, not tax advice").count - 1 >= text.pages)
    }

    @Test func aYearsProjectsAreSummedLineByLine() async throws {
        let app = ProjectCosting(name: "App IT", type: .it, fiscalYear: 2025, currency: "EUR", subsidies: 0, priorSpending: [:],
                                 costs: [CostLine(source: .manual(9), description: "cost #9", date: Self.day("2025-03-01"), amount: 10000,
                                                  currency: "EUR", type: .collaborations, suggested: false)], rates: .defaults)
        let document = ProjectReportDocument(projects: [app, Self.sensor()], year: 2025, combined: true).document
        let summed = try #require(document.table("summed-EUR"))
        // Eligible 10000 + 135000; base 10000 + 122000; the IT line 12% × 10000 = 1200; total 50240 + 1200.
        #expect(Self.cells(summed.rows.first) == ["Eligible costs", "145000.00", "", ""])
        #expect(summed.rows.contains { Self.cells($0) == ["Reduced base", "132000.00", "", ""] })
        #expect(summed.rows.contains { Self.cells($0) == ["Deduction on the innovation base", "10000.00", "12%", "1200.00"] })
        #expect(Self.cells(summed.totals).last == "51440.00")
        let projects = try #require(document.table("projects-EUR"))
        #expect(Self.cells(projects.totals) == ["All projects (EUR)", "", "175000.00", "51440.00", "29.4", ""])
        let text = try await Self.renderAndRead(document)
        #expect(text.pdf.contains("51,440.00 EUR") && text.pdf.contains("App IT · Deduction estimate"))
        #expect(text.pdf.contains("Sensor R&D · Deduction estimate"))
    }

    /// Renders through cairo and reads the file back with poppler, off the cooperative pool.
    private static func renderAndRead(_ document: ReportDocument) async throws -> (pdf: String, info: String, pages: Int) {
        try await BlockingIO.run {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("rebut-domain-\(UUID().uuidString).pdf")
            defer { try? FileManager.default.removeItem(at: url) }
            try PDFRenderer.render(document, to: url)
            let pdf = try tool("/usr/bin/pdftotext", ["-layout", url.path, "-"])
            let info = try tool("/usr/bin/pdfinfo", [url.path])
            let pages = info.split(separator: "\n").first { $0.hasPrefix("Pages:") }.flatMap { Int($0.split(separator: " ").last!) } ?? 0
            return (pdf, info, pages)
        }
    }
}

func tool(_ path: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw ToolFailed(command: ([path] + arguments).joined(separator: " ")) }
    return String(decoding: data, as: UTF8.self)
}

struct ToolFailed: Error, CustomStringConvertible {
    var command: String
    var description: String { "\(command) failed" }
}
