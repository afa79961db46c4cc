import Foundation
import Ingest
import RebutCore
import RebutTestSupport
import Reports
import Store

/// A real store on disk holding a small trip: receipts in EUR and GBP (and one in USD with no
/// rate near its date), one needing review, one photographed with GPS, real images, and the
/// ECB-format sample rates imported.
struct TripStore {
    let directory: TemporaryDirectory
    let store: ExpenseStore
    let event: Event
    /// By role, so tests name what they check.
    let gps: Receipt, euro: Receipt, review: Receipt, noRate: Receipt
    let rates: [ExchangeRate]

    init() throws {
        directory = try TemporaryDirectory("rebut-reports")
        store = try ExpenseStore(path: directory.file("store.sqlite"))
        event = try store.createEvent(Event(name: "London, March", kind: .trip, place: "London",
                                            startDate: LocalDate(iso8601: "2018-12-20"), endDate: LocalDate(iso8601: "2019-01-16"),
                                            currency: "EUR"))
        rates = try ECBRatesFile.parse(String(contentsOf: Fixtures.url("rates/eurofxref-sample.csv"), encoding: .utf8))
        try store.saveRates(rates)

        // The photo with GPS goes through the real ingest step, which reads its EXIF.
        let photo = try Ingestor().read(Fixtures.url("gps/eng-restaurant-gps.jpg"))
        let truth = try Fixtures.truth(for: Fixtures.url("gps/eng-restaurant-gps.jpg"))
        let fields = ReceiptFields(vendor: truth.vendor, date: LocalDate(iso8601: truth.date), total: MoneyFormat.parse(truth.total),
                                   currency: truth.currency, payment: .card,
                                   confidence: [.vendor: 1, .date: 1, .total: 1])
        gps = try store.file(NewReceipt(fileName: "eng-restaurant-gps.jpg", sha256: photo.sha256, imageData: photo.data,
                                        imageExtension: "jpg", ocrText: "HARBOUR VIEW KITCHEN LTD\nFish & Chips 25.90", ocrLines: [],
                                        fields: fields, category: "meals", status: .filed, location: photo.location),
                             into: event.id!).receipt

        euro = try Self.typed(store, event, image: "receipts/spa-supermarket-clean.png",
                              [.vendor: "Supermercados La Espiga", .date: "2018-12-22", .total: "26.70", .currency: "EUR",
                               .category: "groceries", .payment: "card"])
        // No vendor: it stays in review. Dated on a Sunday: Friday's rate applies.
        review = try Self.typed(store, event, image: "receipts/eng-cafe-faded.png",
                                [.date: "2018-12-23", .total: "12.40", .currency: "GBP", .category: "meals", .payment: "cash"])
        noRate = try Self.typed(store, event, image: nil,
                                [.vendor: "Yellow Cab", .date: "2019-01-15", .total: "30.00", .currency: "USD",
                                 .category: "transport", .payment: "card"])
    }

    static func typed(_ store: ExpenseStore, _ event: Event, image: String?, _ values: [ReceiptField: String]) throws -> Receipt {
        let attached = try image.map { name -> (data: Data, sha256: String, extension: String, fileName: String) in
            let file = try Ingestor().read(Fixtures.url(name))
            return (file.data, file.sha256, file.format == .jpeg ? "jpg" : file.format.rawValue, Fixtures.url(name).lastPathComponent)
        }
        return try store.addManual(ManualReceipt(values: values, image: attached), into: event.id!).receipt
    }

    /// The sample file's rate for 1 EUR in `currency` on `day`.
    func ecbRate(_ currency: String, _ day: String) -> Decimal? {
        rates.first { $0.quote == currency && $0.day.iso8601 == day }?.rate
    }

    func claim() throws -> ExpenseClaim {
        try ExpenseClaim.build(store: store, event: event, claimant: Claimant(name: "Ada Lovelace", employeeId: "E-1042",
                                                                           company: "Analytical Engines Ltd"))
    }
}

/// Runs a tool from Debian's packages (poppler-utils, python3, unzip) and returns its stdout.
func tool(_ path: String, _ arguments: [String], input: Data? = nil) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let out = Pipe(), errors = Pipe(), stdin = Pipe()
    process.standardOutput = out
    process.standardError = errors
    process.standardInput = stdin
    try process.run()
    if let input { stdin.fileHandleForWriting.write(input) }
    try stdin.fileHandleForWriting.close()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw ToolFailed(command: ([path] + arguments).joined(separator: " "),
                         stderr: String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }
    return String(decoding: data, as: UTF8.self)
}

struct ToolFailed: Error, CustomStringConvertible {
    var command: String
    var stderr: String
    var description: String { "\(command) failed: \(stderr)" }
}

func rounded(_ value: Decimal, _ digits: Int = 2) -> Decimal {
    var value = value
    var result = Decimal()
    NSDecimalRound(&result, &value, digits, .plain)
    return result
}
