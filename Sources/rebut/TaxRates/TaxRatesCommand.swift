import ArgumentParser

struct TaxRatesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tax-rates",
        abstract: "The tourist-tax rates per adult per night, by zone and the day each took effect.",
        discussion: """
        A stay is taxed at its flat's zone rate in force on the check-in day. Rebut ships \
        Catalonia's rates from 2012-11-01 — zone 1 (Barcelona city) 0.65 EUR and zone 2 (the \
        rest of Catalonia) 0.45 EUR — as editable defaults. Add a later rate when it changes, \
        and your own zones for other regions.

        Examples:
          rebut tax-rates list
          rebut tax-rates set 1 --from 2025-04-01 --rate 1.00
          rebut tax-rates set MAL --from 2024-01-01 --rate 2.00 --note "Balearic Islands, holiday flats"
        """,
        subcommands: [TaxRatesList.self, TaxRatesSet.self],
        defaultSubcommand: TaxRatesList.self)
}
