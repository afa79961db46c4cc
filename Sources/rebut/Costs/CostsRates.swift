import ArgumentParser
import Foundation
import RnDDeduction
import Store

struct CostsRates: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rates",
        abstract: "Show or edit the deduction's percentages.",
        discussion: """
        Defaults (Ley 27/2014, art. 35): subsidy-reduction 65, rd-base 25, rd-excess 42, \
        rd-researchers 17, rd-fixed-assets 8, it-base 12. The estimate is not tax advice.

        Examples:
          rebut costs rates
          rebut costs rates --set it-base=12 --set rd-excess=42
        """)

    struct Assignment: ExpressibleByArgument {
        var key: DeductionRates.Key
        var percent: Decimal
        init?(argument: String) {
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let key = DeductionRates.Key(rawValue: parts[0]),
                  let value = MoneyArgument(argument: parts[1]) else { return nil }
            (self.key, self.percent) = (key, value.amount)
        }
    }

    @Option(name: .long, help: ArgumentHelp("NAME=PERCENT; repeatable.", valueName: "name=percent")) var set: [Assignment] = []
    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let store = try storeOptions.open(set.isEmpty ? .readOnly : .existing)
        for assignment in set {
            do {
                try store.setDeductionRate(assignment.key, percent: assignment.percent)
            } catch let error as StoreError {
                printError("rebut: \(error)")
                throw RebutExit.notFound
            }
        }
        let rates = try store.deductionRates()
        for key in DeductionRates.Key.allCases {
            print("\(key.rawValue.padding(toLength: 18, withPad: " ", startingAt: 0)) \("\(rates[key])%".padding(toLength: 6, withPad: " ", startingAt: 0))  \(key.meaning)")
        }
        print(DeductionEstimate.disclaimer)
    }
}
