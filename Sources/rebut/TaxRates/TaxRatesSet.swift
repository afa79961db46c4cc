import ArgumentParser
import RebutCore
import Rental
import Store

struct TaxRatesSet: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "set",
        abstract: "Add a zone's rate from a day on, or correct the one starting that day.",
        discussion: """
        Stays checking in before --from keep the earlier rate.

        Examples:
          rebut tax-rates set 1 --from 2025-04-01 --rate 1.00
          rebut tax-rates set 2 --from 2012-11-01 --rate 0.45
        """)

    @Argument(help: "The zone (1, 2, or a name of your own).") var zone: String
    @Option(name: .long, help: "The first day the rate applies, YYYY-MM-DD.") var from: LocalDate
    @Option(name: .long, help: "Per adult per night, e.g. 0.65.") var rate: MoneyArgument
    @Option(name: .long, help: "Currency, ISO 4217.") var currency: CurrencyCode?
    @Option(name: .long, help: "What the zone is.") var note: String?
    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        if zone.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("the zone is empty") }
        if rate.amount < 0 { throw ValidationError("--rate cannot be negative") }
    }

    func run() async throws {
        let store = try storeOptions.open(.existing)
        do {
            try store.setTouristTaxRate(TouristTaxRate(zone: zone, validFrom: from, perPersonNight: rate.amount,
                                                       currency: currency?.code ?? "EUR", note: note))
        } catch let error as StoreError {
            printError("rebut: \(error)")
            throw RebutExit.notFound
        }
        print("zone \(zone): \(MoneyFormat.canonical(rate.amount, currency: currency?.code ?? "EUR")) \(currency?.code ?? "EUR") per adult-night from \(from)")
    }
}
