import Foundation
import RnDDeduction
import Testing

private func euros(_ text: String) -> Decimal { Decimal(string: text)! }

@Suite struct DeductionTests {
    @Test func rdWithExcessOverTheAverageSubsidiesResearchersAndFixedAssets() {
        let estimate = DeductionEstimate(
            type: .rd,
            costs: [.personnel: euros("60000"), .researchers: euros("40000"), .collaborations: euros("20000"),
                    .consumables: euros("10000"), .amortisation: euros("5000"), .fixedAssets: euros("30000")],
            subsidies: euros("20000"), previousYears: [2023: euros("50000"), 2024: euros("70000")], fiscalYear: 2025)
        // Eligible: 60000 + 40000 + 20000 + 10000 + 5000 = 135000 (fixed assets are not in the base).
        #expect(estimate.eligibleCosts == euros("135000"))
        // Subsidy reduction: 65% × 20000 = 13000; base 135000 − 13000 = 122000.
        #expect(estimate.subsidyReduction == euros("13000"))
        #expect(estimate.base == euros("122000"))
        // Average of 2023 and 2024: (50000 + 70000) / 2 = 60000; excess 122000 − 60000 = 62000.
        #expect(estimate.previousYearsAverage == euros("60000"))
        #expect(estimate.baseUpToAverage == euros("60000"))
        #expect(estimate.excess == euros("62000"))
        // 25% × 60000 = 15000; 42% × 62000 = 26040; 17% × 40000 = 6800; 8% × 30000 = 2400.
        #expect(estimate.partials.map(\.deduction) == [euros("15000"), euros("26040"), euros("6800"), euros("2400")])
        #expect(estimate.partials.map(\.percent) == [25, 42, 17, 8])
        // 15000 + 26040 + 6800 + 2400 = 50240
        #expect(estimate.total == euros("50240"))
        #expect(estimate.notes.isEmpty)
    }

    @Test func rdBelowTheAverageHasNoExcessAndAMissingYearCountsAsZero() {
        let estimate = DeductionEstimate(type: .rd, costs: [.personnel: euros("12345.67")], subsidies: 0,
                                         previousYears: [2024: euros("40000")], fiscalYear: 2025)
        // Average (0 + 40000) / 2 = 20000 > base 12345.67: all of it at 25% = 3086.4175 → 3086.42.
        #expect(estimate.previousYearsAverage == euros("20000"))
        #expect(estimate.excess == 0)
        #expect(estimate.partials[0].deduction == euros("3086.42"))
        #expect(estimate.partials[1].deduction == 0)
        #expect(estimate.total == euros("3086.42"))
        #expect(estimate.notes.contains { $0.contains("2023") })
    }

    @Test func innovationIsTwelvePercentOfTheReducedBase() {
        let estimate = DeductionEstimate(type: .it, costs: [.collaborations: euros("30000"), .consumables: euros("5000"),
                                                           .fixedAssets: euros("1000")],
                                         subsidies: euros("10000"), previousYears: [:], fiscalYear: 2025)
        // Base: 30000 + 5000 = 35000 − 65% × 10000 = 35000 − 6500 = 28500; 12% × 28500 = 3420.
        #expect(estimate.base == euros("28500"))
        #expect(estimate.partials.count == 1)
        #expect(estimate.total == euros("3420"))
        #expect(estimate.previousYearsAverage == nil)
        #expect(estimate.notes.contains { $0.contains("fixed-asset") })
    }

    @Test func subsidiesLargerThanTheCostsLeaveABaseOfZeroAndEditedRatesApply() {
        let rates = DeductionRates(percent: [.itBase: 15])
        let estimate = DeductionEstimate(type: .it, costs: [.other: euros("1000")], subsidies: euros("5000"),
                                         previousYears: [:], fiscalYear: nil, rates: rates)
        // 65% × 5000 = 3250 > 1000: base 0, deduction 0.
        #expect(estimate.base == 0)
        #expect(estimate.total == 0)
        #expect(estimate.partials[0].percent == 15)
        let edited = DeductionEstimate(type: .it, costs: [.other: euros("1000")], subsidies: 0,
                                       previousYears: [:], fiscalYear: nil, rates: rates)
        // 15% × 1000 = 150
        #expect(edited.total == euros("150"))
    }
}

@Suite struct CostTypeTests {
    @Test func suggestionsComeFromTheUsersChoiceForTheVendorFirstThenTheCategory() {
        let suggester = CostTypeSuggester(learned: ["Laboratorios Ruiz S.L.": .collaborations])
        #expect(suggester.suggest(vendor: "LABORATORIOS RUIZ SL", category: "materials").type == .collaborations)
        // An OCR slip in the vendor's name still finds the choice; a different vendor does not.
        #expect(suggester.suggest(vendor: "LABORAT0RIOS RUIZ", category: "materials").type == .collaborations)
        #expect(suggester.suggest(vendor: "Laboratorios Lopez", category: "materials").type == .consumables)
        #expect(suggester.suggest(vendor: "Leroy Merlin", category: "materials").type == .consumables)
        #expect(suggester.suggest(vendor: "Dell", category: "equipment").type == .fixedAssets)
        #expect(suggester.suggest(vendor: "Consultora", category: "services").type == .collaborations)
        #expect(suggester.suggest(vendor: nil, category: nil).type == .other)
        #expect(CostType(rawValue: "fixed-assets") == .fixedAssets)
        #expect(CostType.allCases.filter { !$0.isInBase } == [.fixedAssets])
    }
}
