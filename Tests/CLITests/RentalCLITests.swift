import Foundation
import RebutCore
import RebutTestSupport
import Testing

/// A flat owner's quarter and a project manager's year, through the built binary and a real store.
/// The commands run off the cooperative pool (`off`), which the watcher tests in the same process
/// need free; serialized so the suite runs one binary at a time.
@Suite(.serialized) struct RentalCLITests {
    private func ok(_ run: RebutBinary.Run, _ what: String) {
        #expect(run.status == 0, "\(what): \(run.stderr)")
    }

    @Test func aFlatsQuarterFromBookingsImportAndBillsToTaxAndProfit() async throws {
        let dir = try TemporaryDirectory()
        let rebut = RebutBinary(store: dir.file("store.sqlite"))
        ok(try await rebut.off(["events", "create", "Flat 2B", "--kind", "property", "--zone", "1", "--address", "C/ Verdi 12",
                          "--town", "Barcelona", "--currency", "EUR"]), "create")
        ok(try await rebut.off(["tax-rates", "set", "1", "--from", "2025-02-15", "--rate", "1.00"]), "tax-rates set")
        ok(try await rebut.off(["bookings", "add", "Flat 2B", "--checkin", "2025-01-10", "--nights", "3", "--adults", "2",
                          "--children", "1", "--amount", "300"]), "bookings add")
        let csv = dir.file("airbnb.csv")
        try """
            Confirmation code,Guest name,Start date,End date,# of adults,# of children,Earnings
            HMA1,Anna Puig,02/14/2025,02/16/2025,1,0,150.00
            HMA2,"Smith, John",02/20/2025,02/24/2025,2,0,"€400.00"
            HMA3,Bad Date,02/30/2025,03/02/2025,2,0,100.00
            HMA4,Late March,03/29/2025,04/03/2025,2,2,500.00
            """.write(to: csv, atomically: true, encoding: .utf8)
        let first = try await rebut.off(["bookings", "import", "Flat 2B", csv.path, "--channel", "airbnb"])
        #expect(first.status == 1)
        #expect(first.stderr.contains("airbnb.csv line 4: check-in '02/30/2025' is not a date"), "\(first.stderr)")
        #expect(first.stdout.contains("3 added, 0 already imported, 1 unreadable row"))
        let again = try await rebut.off(["bookings", "import", "Flat 2B", csv.path])
        #expect(again.stdout.contains("0 added, 3 already imported"), "\(again.stdout)")
        #expect((try await rebut.offJSON(["bookings", "list", "Flat 2B", "--json"]) as? [Any])?.count == 4)

        ok(try await rebut.off(["receipts", "add", "--event", "Flat 2B", "--vendor", "Endesa", "--date", "2025-01-15",
                          "--total", "61.20", "--category", "electricity"]), "bill 1")
        ok(try await rebut.off(["receipts", "add", "--event", "Flat 2B", "--vendor", "Neteges Pla", "--date", "2025-03-30",
                          "--total", "90.00", "--category", "cleaning"]), "bill 2")
        ok(try await rebut.off(["receipts", "add", "--event", "Flat 2B", "--vendor", "Endesa", "--date", "2025-04-02",
                          "--total", "50.00", "--category", "electricity"]), "bill 3")

        let report = try #require(try await rebut.offJSON(["report", "Flat 2B", "--quarter", "2025Q1", "--format", "json"]) as? [String: Any])
        let q1 = try #require((report["quarters"] as? [[String: Any]])?.first)
        // Tax: 2×3×0.65 = 3.90 (child exempt) + 1×2×0.65 = 1.30 (day before the change) + 2×4×1.00 = 8.00
        //      + 2×5×1.00 = 10.00 (two children exempt; runs into Q2, counted by check-in) = 23.20.
        #expect(q1["touristTax"] as? String == "23.20")
        #expect(q1["nights"] as? Int == 14)            // 3 + 2 + 4 + 5
        #expect(q1["adultNights"] as? Int == 26)       // 6 + 2 + 8 + 10
        // Income 300 + 150 + 400 + 500 = 1350.00; expenses 61.20 + 90.00 = 151.20 (the April bill is Q2's).
        #expect(q1["income"] as? String == "1350.00")
        #expect(q1["expenses"] as? String == "151.20")
        // Profit 1350.00 − 151.20 − 23.20 = 1175.60
        #expect(q1["profit"] as? String == "1175.60")
        let rates = try #require(q1["ratesApplied"] as? [[String: Any]])
        #expect(rates.map { $0["perPersonNight"] as? String } == ["0.65", "1.00"])
        #expect(rates.map { $0["adultNights"] as? Int } == [8, 18])

        let year = try #require(try await rebut.offJSON(["report", "Flat 2B", "--year", "2025", "--format", "json"]) as? [String: Any])
        let totals = try #require(year["totals"] as? [String: Any])
        // Q1 as above; Q2 only the April bill: 1175.60 − 50.00 = 1125.60 for the year.
        #expect(totals["profit"] as? String == "1125.60")
        #expect(totals["expenses"] as? String == "201.20")   // 151.20 + 50.00
        #expect(totals["from"] as? String == "2025Q1" && totals["to"] as? String == "2025Q4")
        let terminal = try await rebut.off(["report", "Flat 2B", "--quarter", "2025Q1"])
        ok(terminal, "terminal report")
        #expect(terminal.stdout.contains("modelo 950"))
        #expect(terminal.stdout.contains("runs into the next quarter"))
        let table = try await rebut.off(["report", "--all-flats", "--year", "2025", "--format", "csv"])
        ok(table, "csv report")
        let lines = table.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("flat,zone,quarter,bookings,nights,adult_nights,rates_applied,tourist_tax,income") == true)
        #expect(lines.count == 5)                      // header + four quarters of one flat
        #expect(lines[2].hasPrefix("Flat 2B,1,2025Q2,0,0,0,,0.00,0.00"))

        // Flats in other currencies are summed apart, never added to euros.
        ok(try await rebut.off(["events", "create", "Leeds", "--kind", "property", "--zone", "2", "--currency", "GBP"]), "GBP flat")
        ok(try await rebut.off(["bookings", "add", "Leeds", "--checkin", "2025-02-01", "--nights", "2", "--adults", "1",
                          "--amount", "99"]), "GBP booking")
        let all = try await rebut.off(["report", "--all-flats", "--quarter", "2025Q1"])
        ok(all, "all flats")
        #expect(all.stdout.contains("All flats in EUR (1)\n 2025Q1  tourist tax 23.20  income 1350.00"), "\(all.stdout)")
        // Zone 2's rate is in euros: no tax is made up in pounds, and the report says why.
        #expect(all.stdout.contains("All flats in GBP (1)\n 2025Q1  tourist tax 0.00  income 99.00"), "\(all.stdout)")
        #expect(all.stdout.contains("zone 2's rate is in EUR, the flat's accounts in GBP"), "\(all.stdout)")
    }

    @Test func aPrintedBillingPeriodIsKeptWhenAPDFBillIsFiledAndShownInTheReport() async throws {
        let dir = try TemporaryDirectory()
        let rebut = RebutBinary(store: dir.file("store.sqlite"))
        ok(try await rebut.off(["events", "create", "Leeds flat", "--kind", "property", "--zone", "2", "--currency", "GBP"]), "create")
        ok(try await rebut.off(["ingest", Fixtures.url("documents/bill-text.pdf").path, "--event", "Leeds flat"]), "ingest")
        let report = try #require(try await rebut.offJSON(["report", "Leeds flat", "--quarter", "2024Q1", "--format", "json"]) as? [String: Any])
        let q1 = try #require((report["quarters"] as? [[String: Any]])?.first)
        let bill = try #require((q1["bills"] as? [[String: Any]])?.first)
        // The bill prints "Billing period: 01/02/2024 to 29/02/2024" and was issued on 14/03/2024.
        #expect(bill["billingPeriod"] as? [String: String] == ["from": "2024-02-01", "to": "2024-02-29"])
        #expect(bill["date"] as? String == "2024-03-14")
        #expect(q1["expenses"] as? String == "142.67")
        #expect(try await rebut.off(["receipts", "show", "1"]).stdout.contains("period    2024-02-01…2024-02-29 (billing period)"))
        // Corrected by hand (a misread period), then cleared.
        ok(try await rebut.off(["receipts", "set", "1", "--billing-period", "2024-01-15..2024-02-14"]), "set period")
        #expect(try await rebut.off(["receipts", "show", "1"]).stdout.contains("period    2024-01-15…2024-02-14"))
        #expect(try await rebut.off(["receipts", "set", "1", "--billing-period", "2024-02-14..2024-01-15"]).status == 64)
        ok(try await rebut.off(["receipts", "set", "1", "--billing-period", "none"]), "clear period")
        #expect(!(try await rebut.off(["receipts", "show", "1"]).stdout.contains("billing period")))
    }

    @Test func aBillDroppedAtTheTopOfTheWatchedFolderGoesToTheFlatWhoseAddressItPrints() async throws {
        let dir = try TemporaryDirectory()
        let rebut = RebutBinary(store: dir.file("store.sqlite"))
        ok(try await rebut.off(["events", "create", "Elm Grove", "--kind", "property", "--zone", "2", "--address", "27 Elm Grove",
                          "--town", "Leeds", "--currency", "GBP"]), "create")
        ok(try await rebut.off(["events", "create", "Verdi", "--kind", "property", "--address", "C/ Verdi 12, 2B"]), "create other")
        try dir.copy([Fixtures.url("documents/bill-text.pdf")], into: "inbox")
        // No subfolder and no --event: the bill's "27 Elm Grove, Leeds" picks the flat, not the date.
        ok(try await rebut.off(["watch", dir.file("inbox").path, "--once"]), "watch")
        let filed = try #require(try await rebut.offJSON(["receipts", "list", "--json"]) as? [[String: Any]])
        #expect(filed.map { $0["event"] as? String } == ["Elm Grove"])
    }

    @Test func aProjectsYearShowsEveryLineOfTheDeductionAsAnEstimate() async throws {
        let dir = try TemporaryDirectory()
        let rebut = RebutBinary(store: dir.file("store.sqlite"))
        ok(try await rebut.off(["events", "create", "Sensor R&D", "--kind", "project", "--project-type", "rd", "--fiscal-year", "2025",
                          "--subsidies", "20000", "--previous-rd", "2023:50000", "--previous-rd", "2024:70000",
                          "--currency", "EUR"]), "create")
        let shown = try #require(try await rebut.offJSON(["events", "show", "Sensor R&D", "--json"]) as? [String: Any])
        let details = try #require(shown["details"] as? [String: Any])
        #expect(details["projectType"] as? String == "rd" && details["fiscalYear"] as? Int == 2025)
        #expect(details["subsidies"] as? String == "20000.00")
        #expect(details["previousRD"] as? [String: String] == ["2023": "50000.00", "2024": "70000.00"])
        ok(try await rebut.off(["events", "create", "App IT", "--kind", "project", "--project-type", "it", "--fiscal-year", "2025",
                          "--currency", "EUR"]), "create IT")
        for (type, amount) in [("personnel", "60000"), ("researchers", "40000"), ("amortisation", "5000")] {
            ok(try await rebut.off(["costs", "add", "Sensor R&D", "--type", type, "--amount", amount, "--date", "2025-12-31"]), type)
        }
        ok(try await rebut.off(["costs", "add", "App IT", "--type", "collaborations", "--amount", "10000", "--date", "2025-06-30"]), "IT cost")
        let manual = try #require(try await rebut.offJSON(["costs", "list", "Sensor R&D", "--json"]) as? [[String: Any]])
        #expect(manual.map { $0["type"] as? String } == ["personnel", "researchers", "amortisation"])
        #expect(manual.map { $0["amount"] as? String } == ["60000.00", "40000.00", "5000.00"])
        for (vendor, total, category) in [("Laboratorios Ruiz", "20000", "services"), ("RS Components", "10000", "materials"),
                                          ("Bruker", "30000", "equipment"), ("Old Invoice", "999", "materials")] {
            ok(try await rebut.off(["receipts", "add", "--event", "Sensor R&D", "--vendor", vendor,
                              "--date", vendor == "Old Invoice" ? "2024-12-30" : "2025-03-04",
                              "--total", total, "--category", category]), vendor)
        }
        // Bruker is receipt 3: its type confirmed by hand (the suggestion from "equipment" was the same).
        ok(try await rebut.off(["receipts", "set", "3", "--cost-type", "fixed-assets"]), "cost type")
        #expect(try await rebut.off(["receipts", "set", "3", "--cost-type", "salaries"]).status == 64)

        let project = try #require(try await rebut.offJSON(["report", "Sensor R&D", "--format", "json"]) as? [String: Any])
        // Eligible 60000 + 40000 + 5000 + 20000 + 10000 = 135000 (fixed assets out; the 2024 invoice is another year).
        #expect(project["eligibleCosts"] as? String == "135000.00")
        #expect(project["subsidyReduction"] as? String == "13000.00")      // 65% × 20000
        #expect(project["base"] as? String == "122000.00")                 // 135000 − 13000
        #expect(project["previousYearsAverage"] as? String == "60000.00")  // (50000 + 70000) / 2
        #expect(project["excess"] as? String == "62000.00")                // 122000 − 60000
        let partials = try #require(project["partials"] as? [[String: Any]])
        // 25% × 60000 = 15000; 42% × 62000 = 26040; 17% × 40000 = 6800; 8% × 30000 = 2400.
        #expect(partials.map { $0["deduction"] as? String } == ["15000.00", "26040.00", "6800.00", "2400.00"])
        #expect(project["deduction"] as? String == "50240.00")
        #expect((project["disclaimer"] as? String)?.contains("not tax advice") == true)
        let costs = try #require(project["costs"] as? [[String: Any]])
        #expect(costs.first { $0["receipt"] as? Int == 3 }?["suggested"] as? Bool == false)
        #expect(costs.first { $0["receipt"] as? Int == 1 }?["costType"] as? String == "collaborations")
        #expect(try await rebut.off(["receipts", "show", "1"]).stdout.contains("cost type collaborations (suggested: usual for category services)"))
        #expect(try await rebut.off(["receipts", "show", "3"]).stdout.contains("cost type fixed-assets\n"))

        let year = try #require(try await rebut.offJSON(["report", "--all-projects", "--year", "2025", "--format", "json"]) as? [String: Any])
        // IT: 12% × 10000 = 1200; both projects 50240 + 1200 = 51440.
        #expect(year["deduction"] as? String == "51440.00")
        #expect((year["projects"] as? [Any])?.count == 2)
        // A project of another fiscal year is not in 2025's sum.
        ok(try await rebut.off(["events", "create", "Old R&D", "--kind", "project", "--project-type", "rd", "--fiscal-year", "2024"]), "old")
        let again = try #require(try await rebut.offJSON(["report", "--all-projects", "--year", "2025", "--format", "json"]) as? [String: Any])
        #expect((again["projects"] as? [[String: Any]])?.map { $0["project"] as? String } == ["App IT", "Sensor R&D"])
        for format in ["terminal", "csv"] {
            let run = try await rebut.off(["report", "--all-projects", "--year", "2025"] + (format == "terminal" ? [] : ["--format", format]))
            ok(run, format)
            #expect(run.stdout.contains("not tax advice"), "\(format) output lacks the disclaimer")
        }
    }

    @Test func theNewCommandsHelpReadsCleanly() async throws {
        let rebut = RebutBinary(store: try TemporaryDirectory().file("store.sqlite"))
        for command in [["report"], ["bookings"], ["bookings", "add"], ["bookings", "import"], ["tax-rates"], ["costs"],
                        ["costs", "rates"], ["events", "create"]] {
            let help = try await rebut.off(["help"] + command)
            #expect(help.status == 0)
            #expect(help.stdout.contains("Example"), "\(command): no examples")
            #expect(!help.stdout.contains("\\"), "\(command): a stray backslash in the help")
        }
    }

    @Test func wrongKindsAndValuesAreNamedWithTheirExitCodes() async throws {
        let dir = try TemporaryDirectory()
        let rebut = RebutBinary(store: dir.file("store.sqlite"))
        ok(try await rebut.off(["events", "create", "London", "--kind", "trip"]), "trip")
        #expect(try await rebut.off(["events", "create", "Flat", "--kind", "trip", "--zone", "1"]).status == 64)
        // A trip gets its expense claim; quarters are for flats (and years for projects).
        let report = try await rebut.off(["report", "London", "--quarter", "2025Q1"])
        #expect(report.status == 64)
        #expect(report.stderr.contains("London is a trip"))
        let booking = try await rebut.off(["bookings", "add", "London", "--checkin", "2025-01-01", "--nights", "1", "--adults", "1",
                                     "--amount", "10"])
        #expect(booking.status == 2)
        #expect(booking.stderr.contains("not a flat"))
        #expect(try await rebut.off(["report", "--all-flats", "--quarter", "2025Q5"]).status == 64)
        #expect(try await rebut.off(["bookings", "delete", "42"]).status == 2)
        ok(try await rebut.off(["events", "create", "Flat 9", "--kind", "property"]), "flat")
        ok(try await rebut.off(["bookings", "add", "Flat 9", "--checkin", "2025-01-01", "--nights", "1", "--adults", "1",
                          "--amount", "10"]), "booking")
        let refused = try await rebut.off(["events", "delete", "Flat 9"])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("removes 0 receipts and 1 bookings"), "\(refused.stderr)")
        #expect((try await rebut.offJSON(["bookings", "list", "Flat 9", "--json"]) as? [Any])?.count == 1)
    }
}

extension RebutBinary {
    /// `run` on the blocking-I/O queue: waiting for the child never holds a cooperative thread.
    func off(_ arguments: [String]) async throws -> Run {
        try await BlockingIO.run { try self.run(arguments) }
    }

    func offJSON(_ arguments: [String]) async throws -> Any {
        let result = try await off(arguments)
        guard result.status == 0 else {
            throw CLIError("rebut \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)")
        }
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }
}
