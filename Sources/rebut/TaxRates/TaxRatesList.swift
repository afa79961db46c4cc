import DomainReports
import ArgumentParser
import RebutCore
import Store

struct TaxRatesList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the tourist-tax rates.")

    @Flag(name: .long, help: "Print JSON.") var json = false
    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let store = try storeOptions.open(.readOnly)
        let rates = try store.touristTaxRates()
        if json {
            print(JSONValue.pretty(rates.map { rate -> [String: Any] in
                ["zone": rate.zone, "validFrom": rate.validFrom.iso8601, "currency": rate.currency,
                 "perPersonNight": MoneyFormat.canonical(rate.perPersonNight, currency: rate.currency), "note": rate.note ?? ""]
            }))
            return
        }
        print("zone  from        per adult-night  note")
        for rate in rates {
            print("\(rate.zone.padding(toLength: 5, withPad: " ", startingAt: 0)) \(rate.validFrom)  "
                  + "\((MoneyFormat.canonical(rate.perPersonNight, currency: rate.currency) + " " + rate.currency).padding(toLength: 15, withPad: " ", startingAt: 0))  \(rate.note ?? "")")
        }
    }
}
