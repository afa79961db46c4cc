import ArgumentParser
import Foundation
import Imaging
import Ingest
import Pipeline
import RebutCore
import Store

struct ReceiptsAdd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add",
        abstract: "Enter a receipt by hand, with or without its image.",
        discussion: """
        For a receipt the OCR could not read, or one you only have on paper. Values are checked \
        as `rebut receipts set` checks them; with vendor, date and total the receipt is filed, \
        otherwise it waits for review. The event is created if new. With --image the picture is \
        kept in the store (not read by OCR); the same image is never filed twice.

        Examples:
          rebut receipts add --event "London, March" --vendor "Pret A Manger" --date 2024-03-04 --total 8.95 --currency GBP
          rebut receipts add --event "Flat 2B" --vendor "Endesa" --date 2024-02-01 --total 61.20 --image bill.jpg
        """)

    @Option(name: .long, help: "The event to file under (created if new).") var event: String
    @Option(name: .long, help: "Vendor name.") var vendor: String?
    @Option(name: .long, help: "Date, YYYY-MM-DD.") var date: String?
    @Option(name: .long, parsing: .unconditional, help: "Total, e.g. 12.50; a negative total is a refund.") var total: String?
    @Option(name: .long, help: "Currency, ISO 4217 (default: the event's).") var currency: String?
    @Option(name: .long, help: "Category id (see `rebut categories`).") var category: String?
    @Option(name: .long, help: "cash, card, transfer, cheque, voucher, mobile or other.") var payment: String?
    @Option(name: .long, parsing: .unconditional, help: "Tax amount.") var tax: String?
    @Option(name: .long, help: ArgumentHelp("The receipt's image (kept in the store as it is).", valueName: "file")) var image: String?
    @Flag(name: .long, help: "Print the receipt as JSON.") var json = false
    @OptionGroup var storeOptions: StoreOptions

    var values: [ReceiptField: String] {
        var values: [ReceiptField: String] = [:]
        for (field, value) in [(ReceiptField.vendor, vendor), (.date, date), (.total, total), (.currency, currency),
                               (.category, category), (.payment, payment), (.tax, tax)] {
            if let value { values[field] = value }
        }
        return values
    }

    func validate() throws {
        if event.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("--event is empty") }
        if values.isEmpty && image == nil { throw ValidationError("give at least one value (--vendor, --date, --total…) or --image") }
        for (field, value) in values where value.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--\(field.rawValue) is empty")
        }
    }

    func run() async throws {
        var manual = ManualReceipt(values: values)
        if let image {
            let url = URL(fileURLWithPath: (image as NSString).expandingTildeInPath)
            do {
                let file = try Ingestor().read(url)
                manual.image = (file.data, file.sha256, file.format.fileExtension, url.lastPathComponent)
                manual.location = file.location ?? (file.format == .heic || file.format == .avif ? HEIFMetadata.location(in: file.data) : nil)
            } catch {
                printError("rebut: \(url.path): \(error)")
                throw RebutExit.notFound
            }
        }
        let store = try storeOptions.open(.create)
        let existed = (try? store.event(named: event)) != nil
        var created: Event?
        do {
            let target = try store.ensureEvent(named: event)
            if !existed { created = target }
            if manual.values[.currency] == nil, let currency = target.currency { manual.values[.currency] = currency }
            switch try store.addManual(manual, into: target.id!) {
            case .filed(let receipt):
                for field in [ReceiptField.total, .tax] {
                    if let note = MoneyRounding.note(field: field, typed: manual.values[field], currency: receipt.currency) {
                        printError("rebut: \(note)")
                    }
                }
                print(json ? JSONOutput.pretty(ReceiptRow(receipt, event: target.name)) : ReceiptFormatting.row(receipt))
            case .duplicate(let existing):
                if let id = created?.id { _ = try? store.deleteEventIfEmpty(id: id) }
                printError("rebut: this image is already filed as receipt #\(existing.id ?? 0); nothing was added")
                throw RebutExit.notFound
            }
        } catch let error as StoreError {
            if let id = created?.id { _ = try? store.deleteEventIfEmpty(id: id) }
            printError("rebut: \(error); nothing was added")
            throw RebutExit.notFound
        }
    }
}
