import Foundation
import Testing
@testable import Categorisation

@Suite struct RulesFormatTests {
    @Test func aSmallRulesFileParses() throws {
        let rules = try CategoryRules(text: """
            # my rules
            [coffee-shops]
            name: Coffee shops   # shown in reports
            group: travel
            vendor: café, coffee
            vendor 5: starbucks
            text: latte, espresso

            [flat-repairs]
            group: household
            text 2.5: plumber
            """)
        #expect(rules.categories == [
            Category(id: "coffee-shops", name: "Coffee shops", group: .travel),
            Category(id: "flat-repairs", name: "flat-repairs", group: .household),
        ])
        let coffee = rules.rules[0]
        #expect(coffee.vendorKeywords.map(\.text) == ["café", "coffee", "starbucks"])
        #expect(coffee.vendorKeywords.map(\.weight) == [3, 3, 5])
        #expect(coffee.textKeywords.map(\.weight) == [1, 1])
        #expect(rules.rules[1].textKeywords.map(\.weight) == [2.5])
    }

    @Test(arguments: [
        ("vendor: x", 1, "before any [category] header"),
        ("[Meals]\ngroup: travel", 1, "category id 'Meals'"),
        ("[meals\ngroup: travel", 1, "[meals]"),
        ("[meals]\ngroup: travel\n[meals]\ngroup: travel", 3, "already defined on line 1"),
        ("[meals]\ngroup: holidays", 2, "unknown group 'holidays'"),
        ("[meals]\ngroup: travel\nvendr: x", 3, "unknown key 'vendr'"),
        ("[meals]\ngroup: travel\n\n# note\ntext -1: x", 5, "weight '-1' is not a positive number"),
        ("[meals]\ngroup: travel\ntext:  , ,", 3, "no keywords"),
        ("[meals]\ngroup: travel\ntext: ok, **", 3, "keyword '**' has no letters or digits"),
        ("[meals]\ngroup: travel\njust words", 3, "expected 'key: value'"),
        ("[meals]\nname: A\nname: B\ngroup: travel", 3, "already has a name"),
        ("[meals]\ntext: x\n[fuel]\ngroup: travel", 1, "has no 'group:' line"),
        ("# nothing but comments\n", 0, "no categories defined"),
    ])
    func parseErrorsNameTheLineAndTheReason(text: String, line: Int, reason: String) {
        do {
            _ = try CategoryRules(text: text)
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.line == line)
            #expect(error.reason.contains(reason), "\(error)")
            #expect(error.description.hasPrefix(line > 0 ? "line \(line): " : reason))
        }
    }

    @Test func rulesAreReadFromAFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("rules-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: url) }
        try "[snacks]\ngroup: travel\ntext: crisps\n".write(to: url, atomically: true, encoding: .utf8)
        #expect(try CategoryRules(contentsOf: url).categories.map(\.id) == ["snacks"])
        try "[snacks]\ngroup: snacks\n".write(to: url, atomically: true, encoding: .utf8)
        #expect(throws: RulesError(line: 2, reason: "unknown group 'snacks' (expected travel, household, project)")) {
            try CategoryRules(contentsOf: url)
        }
    }

    @Test func builtInRulesHaveEveryPromisedCategory() throws {
        let reparsed = try CategoryRules(text: CategoryRules.builtInText)
        let byGroup = Dictionary(grouping: reparsed.categories, by: \.group).mapValues { $0.map(\.id) }
        #expect(byGroup[.travel] == ["meals", "lodging", "transport", "fuel", "parking-tolls", "groceries",
                                     "electronics", "office"])
        #expect(byGroup[.household] == ["electricity", "gas", "water", "phone", "internet", "repairs", "cleaning"])
        #expect(byGroup[.project] == ["materials", "services", "equipment", "other"])
        #expect(CategoryRules.builtIn.categories == reparsed.categories)
        for rule in reparsed.rules where rule.category.id != "other" {
            #expect(!rule.vendorKeywords.isEmpty || !rule.textKeywords.isEmpty, "\(rule.category.id) has no keywords")
        }
    }
}
