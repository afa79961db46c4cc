import ArgumentParser
import Foundation
import Imaging
import Ingest
import RebutCore
import Reports
import Store

/// Builds the claim of a synthetic trip of N receipts (real images, real store, three
/// currencies) in every format and prints how long each took and how large the files are.
struct BenchReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "report",
        abstract: "Measure how long reports of many receipts take to build, and how large the PDF is.",
        discussion: """
        Files N receipts (default 1,000) into a new store in a temporary folder, each with its own \
        image (the images in --images re-encoded as JPEG, made unique by a comment segment), in EUR, \
        GBP and USD with a rate for every day, one in twenty needing review; then times the claim \
        in each format.

        Example:
          rebut bench report --receipts 1000 --images Fixtures/receipts
        """)

    @Option(help: "How many receipts.") var receipts = 1000
    @Option(help: "A folder of receipt images to cycle through.") var images = "Fixtures/receipts"
    @Option(help: "Keep the store and the reports in this folder (default: a temporary one, removed).") var keep: String?

    func validate() throws {
        if receipts < 1 { throw ValidationError("--receipts must be at least 1") }
    }

    func run() async throws {
        let folder = keep.map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("rebut-bench-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { if keep == nil { try? FileManager.default.removeItem(at: folder) } }

        let sources = try jpegSources()
        let store = try ExpenseStore(path: folder.appendingPathComponent("bench.sqlite"))
        let start = LocalDate(iso8601: "2024-03-01")!
        let event = try store.createEvent(Event(name: "Benchmark trip", kind: .trip, place: "London", startDate: start,
                                                endDate: start.adding(days: 29), currency: "EUR"))
        try store.saveRates((0..<30).flatMap { offset -> [ExchangeRate] in
            let day = start.adding(days: offset)
            return [ExchangeRate(base: "EUR", quote: "GBP", day: day, rate: Decimal(string: "0.85")! + Decimal(offset) / 10000, source: "bench"),
                    ExchangeRate(base: "EUR", quote: "USD", day: day, rate: Decimal(string: "1.08")! + Decimal(offset) / 10000, source: "bench")]
        })
        let filing = Date()
        let vendors = ["Pret A Manger", "Black Cab", "The Harbour Kitchen", "Boots", "Premier Inn", "Caffè Nero", "Shell"]
        let categories = ["meals", "transport", "meals", "office", "lodging", "meals", "fuel"]
        for index in 0..<receipts {
            let image = Self.unique(sources[index % sources.count], index: index)
            var values: [ReceiptField: String] = [
                .date: start.adding(days: index % 30).iso8601,
                .total: "\(5 + index % 95).\(String(format: "%02d", index * 37 % 100))",
                .currency: ["EUR", "GBP", "USD"][index % 3], .category: categories[index % categories.count],
                .payment: index % 4 == 0 ? "cash" : "card",
            ]
            if index % 20 != 7 { values[.vendor] = vendors[index % vendors.count] }
            _ = try store.addManual(ManualReceipt(values: values, image: (image, Ingestor.sha256Hex(image), "jpg", "r\(index).jpg")),
                                    into: event.id!)
        }
        print("filed \(receipts) receipts in \(Self.seconds(since: filing)) s (store: \(folder.path))")

        var clock = Date()
        let claim = try ExpenseClaim.build(store: store, event: event, claimant: Claimant(name: "Bench Mark"))
        print("claim built (conversions): \(Self.seconds(since: clock)) s")
        clock = Date()
        let thumbnails = ReceiptThumbnails.make(for: claim.lines.map(\.receipt), store: store)
        print("thumbnails (\(thumbnails.thumbnails.count), \(ProcessInfo.processInfo.activeProcessorCount) cores): \(Self.seconds(since: clock)) s"
              + (thumbnails.problems.isEmpty ? "" : ", \(thumbnails.problems.count) problems"))
        clock = Date()
        let pdf = folder.appendingPathComponent("claim.pdf")
        try PDFRenderer.render(claim.document(thumbnails: thumbnails.thumbnails), to: pdf)
        print("PDF rendered: \(Self.seconds(since: clock)) s, \(Self.megabytes(pdf)) MB")
        clock = Date()
        let csv = folder.appendingPathComponent("claim.csv")
        try CSVRenderer.render(claim.receiptsTable()).write(to: csv)
        let json = folder.appendingPathComponent("claim.json")
        try JSONRenderer.render(claim.document()).write(to: json)
        print("CSV + JSON: \(Self.seconds(since: clock)) s, \(Self.megabytes(csv)) MB + \(Self.megabytes(json)) MB")
        clock = Date()
        let zip = folder.appendingPathComponent("claim.zip")
        try ClaimArchive.write(to: zip, pdf: pdf, pdfName: "claim.pdf", csv: Data(contentsOf: csv), csvName: "claim.csv",
                               images: claim.lines.map { ($0.receipt, store.imageURL(for: $0.receipt)) })
        print("zip: \(Self.seconds(since: clock)) s, \(Self.megabytes(zip)) MB")
        let originals = claim.lines.compactMap { try? FileManager.default.attributesOfItem(atPath: store.imageURL(for: $0.receipt).path)[.size] as? Int }
        print("original images: \(String(format: "%.1f", Double(originals.reduce(0, +)) / 1_048_576)) MB")
    }

    /// Every image in the folder, decoded and re-encoded as JPEG once.
    private func jpegSources() throws -> [Data] {
        let folder = URL(fileURLWithPath: images)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let sources = names.sorted().compactMap { name -> Data? in
            guard let file = try? Ingestor().read(folder.appendingPathComponent(name)), file.format != .pdf,
                  let image = try? ImageDecoder.decode(file, maxPixels: 60_000_000) else { return nil }
            return try? image.encoded(as: .jpeg)
        }
        guard !sources.isEmpty else {
            printError("rebut: no images in \(folder.path) (--images names a folder of receipt photos)")
            throw RebutExit.notFound
        }
        return sources
    }

    /// The same picture with a JPEG comment (COM segment) after SOI naming `index`: a new hash.
    static func unique(_ jpeg: Data, index: Int) -> Data {
        let comment = Array("rebut bench \(index)".utf8)
        let length = comment.count + 2
        return jpeg.prefix(2) + Data([0xFF, 0xFE, UInt8(length >> 8), UInt8(length & 0xFF)] + comment) + jpeg.dropFirst(2)
    }

    static func seconds(since start: Date) -> String { String(format: "%.2f", Date().timeIntervalSince(start)) }

    static func megabytes(_ url: URL) -> String {
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        return String(format: "%.1f", Double(size) / 1_048_576)
    }
}
