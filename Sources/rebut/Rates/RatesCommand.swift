import ArgumentParser
import Foundation
import RebutCore
import Reports
import Store

struct RatesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rates",
        abstract: "Keep the exchange rates reports convert with.",
        discussion: """
        A report converts an amount at the newest rate published on or up to \
        \(CurrencyConverter.maxRateAge) days before the receipt's date (a Sunday receipt takes \
        Friday's rate), directly, inverted, or crossed through EUR. With no such rate the amount is \
        left in its own currency and flagged: Rebut never guesses a rate.

        Examples:
          rebut rates import eurofxref-hist.csv      # the ECB's reference rates
          rebut rates set EUR GBP 0.8553 --date 2024-03-01
          rebut rates list --currency GBP
        """,
        subcommands: [RatesImport.self, RatesSet.self, RatesList.self],
        defaultSubcommand: RatesList.self)
}

struct RatesImport: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "import",
        abstract: "Import the ECB's reference-rate CSV (eurofxref-hist.csv or eurofxref.csv).",
        discussion: """
        Download it from https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist.zip (unzip it) or \
        eurofxref.zip for today's rates. Rates already stored for the same day are replaced.

        Example:
          rebut rates import ~/Downloads/eurofxref-hist.csv
        """)

    @Argument(help: "The CSV file.") var file: String
    @Option(name: .long, help: "How reports name where the rates came from.") var source = "ECB"
    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let url = URL(fileURLWithPath: (file as NSString).expandingTildeInPath)
        let rates: [ExchangeRate]
        do {
            let text = try String(contentsOf: url, encoding: .utf8)
            rates = try ECBRatesFile.parse(text, source: source)
        } catch let error as ECBRatesFile.ParseError {
            printError("rebut: \(url.path): \(error); nothing was imported")
            throw RebutExit.notFound
        } catch {
            printError("rebut: cannot read \(url.path): \(error.localizedDescription)")
            throw RebutExit.notFound
        }
        let store = try storeOptions.open(.existing)
        let saved = try store.saveRates(rates)
        let days = Set(rates.map(\.day))
        let currencies = Set(rates.map(\.quote))
        print("imported \(saved) rates: \(currencies.count) currencies against EUR on \(days.count) day\(days.count == 1 ? "" : "s") "
              + "(\(days.min()!.iso8601) to \(days.max()!.iso8601))")
    }
}

struct RatesSet: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "set",
        abstract: "Set one rate by hand: 1 BASE = RATE QUOTE on a day.",
        discussion: """
        A rate set by hand wins over an imported one of the same day.

        Examples:
          rebut rates set EUR GBP 0.85 --date 2024-03-01   # 1 EUR = 0.85 GBP
          rebut rates set USD EUR 0.92                     # today
        """)

    @Argument(help: "The currency of 1 unit (ISO 4217).") var base: CurrencyCode
    @Argument(help: "The currency the rate is in.") var quote: CurrencyCode
    @Argument(help: "How many QUOTE one BASE is worth, e.g. 0.8553.") var rate: String
    @Option(name: .long, help: "The day the rate is for (default: today).") var date: LocalDate?
    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        guard let value = MoneyFormat.parse(rate), value > 0 else {
            throw ValidationError("the rate '\(rate)' must be a positive decimal such as 0.8553")
        }
        if base.code == quote.code { throw ValidationError("both currencies are \(base.code)") }
    }

    func run() async throws {
        let store = try storeOptions.open(.existing)
        let day = date ?? LocalDate.containing(Date())
        do {
            try store.saveRates([ExchangeRate(base: base.code, quote: quote.code, day: day, rate: MoneyFormat.parse(rate)!, source: "manual")])
        } catch let error as StoreError {
            printError("rebut: \(error)")
            throw RebutExit.notFound
        }
        print("1 \(base.code) = \(rate) \(quote.code) on \(day.iso8601) (manual)")
    }
}

struct RatesList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List stored rates.")

    @Option(name: .long, help: "Only rates of this currency.") var currency: CurrencyCode?
    @Option(name: .long, help: "Only the newest N days (default 10; 0 for all).") var days = 10
    @Flag(name: .long, help: "Print JSON.") var json = false
    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let store = try storeOptions.open(.readOnly)
        var rates = try store.rates(currency: currency?.code)
        if days > 0 {
            let newest = Set(rates.map(\.day)).sorted().suffix(days)
            rates = rates.filter { newest.contains($0.day) }
        }
        if json {
            struct Row: Encodable { var base, quote, day, rate, source: String }
            print(JSONOutput.pretty(rates.map { Row(base: $0.base, quote: $0.quote, day: $0.day.iso8601, rate: "\($0.rate)", source: $0.source) }))
            return
        }
        if rates.isEmpty { print("No rates stored. Import the ECB's: rebut rates import eurofxref-hist.csv"); return }
        for rate in rates { print("\(rate.day.iso8601)  1 \(rate.base) = \(rate.rate) \(rate.quote)  (\(rate.source))") }
    }
}
