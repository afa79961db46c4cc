import Foundation
import RebutCore
import RebutTestSupport
import Testing

/// `rebut report … --format pdf` for flats and projects, from a real store through the built
/// binary, read back with poppler's pdftotext and pdfinfo.
@Suite(.serialized) struct RentalPDFCLITests {
    private func ok(_ run: RebutBinary.Run, _ what: String) {
        #expect(run.status == 0, "\(what): \(run.stderr)")
    }

    private struct ReadBack {
        var text: String
        var pages: Int
        var pageSize: String
    }

    /// pdftotext -layout and pdfinfo, waited for off the cooperative pool.
    private func read(_ pdf: URL) async throws -> ReadBack {
        try await BlockingIO.run {
            let text = try poppler("pdftotext", ["-layout", pdf.path, "-"])
            let info = try poppler("pdfinfo", [pdf.path]).split(separator: "\n")
            let pages = info.first { $0.hasPrefix("Pages:") }.flatMap { Int($0.split(separator: " ").last!) } ?? 0
            let size = info.first { $0.hasPrefix("Page size:") }.map { String($0.dropFirst(10)).trimmingCharacters(in: .whitespaces) } ?? ""
            return ReadBack(text: text, pages: pages, pageSize: size)
        }
    }

    private func writtenPath(_ run: RebutBinary.Run) -> URL {
        URL(fileURLWithPath: run.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test func aFlatsQuarterAndYearAsPDFCarryTheTaxDueAndTheProfit() async throws {
        let dir = try TemporaryDirectory()
        var rebut = RebutBinary(store: dir.file("store.sqlite"))
        rebut.directory = dir.url
        ok(try await rebut.off(["events", "create", "Flat 2B", "--kind", "property", "--zone", "1", "--address", "C/ Verdi 12, 2B",
                                "--town", "Barcelona", "--currency", "EUR"]), "create")
        ok(try await rebut.off(["tax-rates", "set", "1", "--from", "2025-02-15", "--rate", "1.00"]), "tax-rates set")
        for (checkIn, nights, adults, children, amount, channel) in [("2025-01-10", "3", "2", "1", "300", "direct"),
                                                                      ("2025-02-20", "4", "2", "0", "400", "airbnb"),
                                                                      ("2025-03-29", "5", "2", "2", "500", "booking")] {
            ok(try await rebut.off(["bookings", "add", "Flat 2B", "--checkin", checkIn, "--nights", nights, "--adults", adults,
                                    "--children", children, "--amount", amount, "--channel", channel]), "booking \(checkIn)")
        }
        for (vendor, date, total, category) in [("Endesa", "2025-01-15", "61.20", "electricity"),
                                                ("Neteges Pla", "2025-03-30", "90.00", "cleaning"),
                                                ("Endesa", "2025-04-02", "50.00", "electricity")] {
            ok(try await rebut.off(["receipts", "add", "--event", "Flat 2B", "--vendor", vendor, "--date", date, "--total", total,
                                    "--category", category]), "bill \(date)")
        }

        let quarter = try await rebut.off(["report", "Flat 2B", "--quarter", "2025Q1", "--format", "pdf"])
        ok(quarter, "quarter pdf")
        let pdf = writtenPath(quarter)
        #expect(pdf.lastPathComponent == "flat-Flat-2B-2025Q1.pdf")
        #expect(pdf.deletingLastPathComponent().standardizedFileURL.path == dir.url.standardizedFileURL.path)
        let q1 = try await read(pdf)
        #expect(q1.pageSize.hasSuffix("(A4)"), "\(q1.pageSize)")
        #expect(q1.pages >= 1 && q1.text.contains("Page \(q1.pages) of \(q1.pages)"))
        // Tax 2×3×0.65 = 3.90 (child exempt) + 2×4×1.00 = 8.00 + 2×5×1.00 = 10.00 (runs into Q2, counted by
        // check-in) = 21.90; income 1200.00; expenses 61.20 + 90.00 = 151.20 (the April bill is Q2's);
        // profit 1200.00 − 151.20 − 21.90 = 1026.90.
        for expected in ["Holiday-rental statement", "Flat 2B · 2025Q1", "Tourist tax due (modelo 950)", "21.90 EUR",
                         "1,200.00 EUR", "−151.20 EUR", "1,026.90 EUR", "0.65 EUR", "1.00 EUR", "Neteges Pla"] {
            #expect(q1.text.contains(expected), "the quarter's PDF lacks '\(expected)'")
        }
        #expect(!q1.text.contains("50.00 EUR"), "the April bill belongs to Q2")

        let own = dir.file("statements/2b-2025.pdf")
        try FileManager.default.createDirectory(at: own.deletingLastPathComponent(), withIntermediateDirectories: true)
        let year = try await rebut.off(["report", "Flat 2B", "--year", "2025", "--format", "pdf", "--output", own.path])
        ok(year, "year pdf")
        #expect(writtenPath(year).path == own.path)
        let all = try await read(own)
        #expect(all.pages >= 4, "a page per quarter at least: \(all.pages)")
        // The year: 1026.90 − 50.00 (the April bill) = 976.90.
        #expect(all.text.contains("976.90 EUR") && all.text.contains("−50.00 EUR"))
        #expect(all.text.contains("2025Q2 · 1 April – 30 June 2025"))

        let flats = try await rebut.off(["report", "--all-flats", "--quarter", "2025Q1", "--format", "pdf"])
        ok(flats, "all flats pdf")
        #expect(writtenPath(flats).lastPathComponent == "flats-2025Q1.pdf")
        let combined = try await read(writtenPath(flats))
        #expect(combined.text.contains("All flats (EUR)") && combined.text.contains("1,026.90 EUR"))

        // Formats that are only for claims are refused with the ones that work; an unwritable
        // destination is named, and nothing is left half-written.
        let zip = try await rebut.off(["report", "Flat 2B", "--format", "zip"])
        #expect(zip.status == 64 && zip.stderr.contains("pdf, csv or json"), "\(zip.stderr)")
        let nowhere = dir.file("missing/folder/q1.pdf")
        let failed = try await rebut.off(["report", "Flat 2B", "--quarter", "2025Q1", "--format", "pdf", "--output", nowhere.path])
        #expect(failed.status == 70 && failed.stderr.contains(nowhere.path), "\(failed.status) \(failed.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.file("statements").path) == ["2b-2025.pdf"])
    }

    @Test func aProjectsDeductionAsPDFShowsEveryLineAndSaysItIsAnEstimate() async throws {
        let dir = try TemporaryDirectory()
        var rebut = RebutBinary(store: dir.file("store.sqlite"))
        rebut.directory = dir.url
        ok(try await rebut.off(["events", "create", "Sensor R&D", "--kind", "project", "--project-type", "rd", "--fiscal-year", "2025",
                                "--subsidies", "20000", "--previous-rd", "2023:50000", "--previous-rd", "2024:70000",
                                "--currency", "EUR"]), "create")
        ok(try await rebut.off(["events", "create", "App IT", "--kind", "project", "--project-type", "it", "--fiscal-year", "2025",
                                "--currency", "EUR"]), "create IT")
        for (type, amount) in [("personnel", "60000"), ("researchers", "40000"), ("amortisation", "5000"), ("consumables", "10000"),
                               ("fixed-assets", "30000")] {
            ok(try await rebut.off(["costs", "add", "Sensor R&D", "--type", type, "--amount", amount, "--date", "2025-12-31"]), type)
        }
        // Its cost type is suggested from the category (services → external collaborations).
        ok(try await rebut.off(["receipts", "add", "--event", "Sensor R&D", "--vendor", "Laboratorios Ruiz", "--date", "2025-03-04",
                                "--total", "20000", "--category", "services"]), "receipt")
        ok(try await rebut.off(["costs", "add", "App IT", "--type", "collaborations", "--amount", "10000", "--date", "2025-06-30"]), "IT")

        let one = try await rebut.off(["report", "Sensor R&D", "--format", "pdf"])
        ok(one, "project pdf")
        #expect(writtenPath(one).lastPathComponent == "project-Sensor-R-D-2025.pdf")
        let project = try await read(writtenPath(one))
        #expect(project.pageSize.hasSuffix("(A4)"), "\(project.pageSize)")
        // Eligible 60000 + 40000 + 5000 + 10000 + 20000 = 135000 (fixed assets out); − 65% × 20000 = 13000;
        // base 122000; average (50000 + 70000) / 2 = 60000; excess 62000; 25% × 60000 = 15000;
        // 42% × 62000 = 26040; 17% × 40000 = 6800; 8% × 30000 = 2400; total 50240.
        for expected in ["Estimate only, not tax advice", "Total deduction (estimate, not tax advice)", "135,000.00 EUR",
                         "−13,000.00 EUR", "122,000.00 EUR", "60,000.00 EUR", "62,000.00 EUR", "15,000.00 EUR", "26,040.00 EUR",
                         "6,800.00 EUR", "2,400.00 EUR", "50,240.00 EUR", "165,000.00 EUR", "External collaborations (suggested)"] {
            #expect(project.text.contains(expected), "the project's PDF lacks '\(expected)'")
        }
        #expect(project.text.components(separatedBy: "an estimate, not tax advice").count - 1 >= project.pages,
                "the estimate label is not on every page")

        let year = try await rebut.off(["report", "--all-projects", "--year", "2025", "--format", "pdf"])
        ok(year, "all projects pdf")
        #expect(writtenPath(year).lastPathComponent == "projects-2025.pdf")
        let summed = try await read(writtenPath(year))
        // IT: 12% × 10000 = 1200; the year 50240 + 1200 = 51440 on 175000 of spending.
        for expected in ["1,200.00 EUR", "51,440.00 EUR", "175,000.00 EUR", "App IT · Deduction estimate", "Sensor R&D · Deduction estimate"] {
            #expect(summed.text.contains(expected), "the year's PDF lacks '\(expected)'")
        }
    }
}

private func poppler(_ tool: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/" + tool)
    process.arguments = arguments
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw CLIError("\(tool) \(arguments.joined(separator: " ")) failed") }
    return String(decoding: data, as: UTF8.self)
}
