import ArgumentParser
import Categorisation
import Foundation
import Pipeline

struct CategoriesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "categories",
        abstract: "List the categories, or start editing the rules that choose them.",
        discussion: """
        Categories are chosen by keyword rules over the vendor and the receipt's text, and by \
        what you taught Rebut: a vendor whose category you corrected keeps that category.

        The rules are a plain text file you can edit: $REBUT_RULES, else \
        $XDG_CONFIG_HOME/rebut/categories.rules. Without that file the built-in rules apply; \
        `rebut categories --init` writes them there as a starting point.
        """)

    @Flag(name: .long, help: "Print the rules in force.") var rules = false
    @Flag(name: .long, help: "Write the built-in rules to the user rules file for editing.") var `init` = false
    @Flag(name: .long, help: "Print the path of the user rules file.") var path = false

    func run() async throws {
        let url = UserFiles.categoryRulesURL()
        if path { print(url.path); return }
        if `init` {
            guard !FileManager.default.fileExists(atPath: url.path) else {
                printError("rebut: \(url.path) exists already; edit it, or remove it to start again")
                throw RebutExit.notFound
            }
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try CategoryRules.builtInText.write(to: url, atomically: true, encoding: .utf8)
            print("wrote \(url.path)")
            return
        }
        let inForce = try CategoryRulesLoader.load()
        if rules {
            if FileManager.default.fileExists(atPath: url.path) {
                print(try String(contentsOf: url, encoding: .utf8), terminator: "")
            } else {
                print(CategoryRules.builtInText, terminator: "")
            }
            return
        }
        for group in CategoryGroup.allCases {
            let members = inForce.categories.filter { $0.group == group }
            guard !members.isEmpty else { continue }
            print("\(group.rawValue):")
            for c in members { print("  \(c.id.padding(toLength: 16, withPad: " ", startingAt: 0)) \(c.name)") }
        }
    }
}
