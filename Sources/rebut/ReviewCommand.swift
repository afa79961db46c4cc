import ArgumentParser
import Categorisation
import Foundation
import Review
import Store

struct ReviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "review",
        abstract: "Walk through receipts that need review and pick among what the OCR found.",
        discussion: """
        Shows each receipt with status needs_review: its OCR text with the candidate lines \
        highlighted, and the ranked candidates for every missing or uncertain field.

        Keys: ↑/↓ highlight a candidate, ←/→ switch field, 1-9 pick candidate N, Enter pick the \
        highlighted one, e type a value (Enter keeps, Esc cancels), c change the category, \
        Backspace undo the focused field's choice, PgUp/PgDn scroll the OCR text, s save and go \
        to the next receipt, n skip it, q quit.

        Only s writes: each chosen value is set as `rebut receipts set` would, recorded as a \
        correction, and the receipt is filed once vendor, date and total are known. Choices not \
        saved are dropped by n and q (q says which). A category saved here is used for the \
        vendor's next receipts.

        Needs a terminal; in scripts use `rebut receipts candidates` and `rebut receipts set`.
        """)

    @Option(name: .long, help: "Only this event's receipts.") var event: String?
    @OptionGroup var storeOptions: StoreOptions

    func run() throws {
        let terminal: Terminal
        do {
            terminal = try Terminal()
        } catch {
            printError("rebut review needs a terminal; use `rebut receipts candidates` and `rebut receipts set`")
            // Same code as any other input the command cannot work with.
            throw ExitCode(2)
        }
        let store = try storeOptions.open(.existing)
        let scope = try event.map { try EventLookup.find($0, in: store) }
        let receipts = try store.receipts(eventId: scope?.id, status: .needsReview)
        guard !receipts.isEmpty else {
            print(scope.map { "No receipts of \($0.name) need review." } ?? "No receipts need review.")
            return
        }
        let names = Dictionary(uniqueKeysWithValues: try store.events().compactMap { e in e.id.map { ($0, e.name) } })
        let categories = CategoryRules.builtIn.categories.map { ReviewCategory(id: $0.id, name: $0.name) }
        let session = ReviewSession(receipts: receipts, categories: categories,
                                    threshold: store.reviewThreshold, eventNames: names)
        do {
            try terminal.start()
        } catch {
            printError("rebut: \(error)")
            throw RebutExit.internalError
        }
        let result = ReviewLoop.run(session, store: store, terminal: terminal)
        terminal.stop()

        if let dropped = result.discarded {
            print("Discarded unsaved changes to receipt #\(dropped.receiptId): "
                  + dropped.changes.map { "\($0.field.rawValue) \($0.value)" }.joined(separator: ", "))
        }
        let tally = result.session.tally
        let left = result.session.queue.count - result.session.position
        print("Reviewed: \(tally.saved) saved (\(tally.filed) filed), \(tally.skipped) skipped"
              + (left > 0 ? ", \(left) not reached." : "."))
    }
}
