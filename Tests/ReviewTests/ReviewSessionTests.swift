import Foundation
import RebutCore
import Review
import Store
import Testing

/// The state machine driven by keys, saving into a real SQLite store.
@Suite struct ReviewSessionTests {
    @Test func onlyTheMissingOrUncertainFieldsAreReviewedInFieldOrder() throws {
        let fixture = try ReviewStoreFixture()
        let receipt = try fixture.fileSynthetic(seed: 1)
        #expect(ReviewSession.fieldsToReview(receipt, threshold: 0.5) == [.date, .total])
        let session = try fixture.session()
        #expect(session.fields == [.date, .total])
        #expect(session.focusedField == .date)
    }

    @Test func pickingByNumberThenSavingSetsTheFieldsAndFilesTheReceipt() throws {
        let fixture = try ReviewStoreFixture()
        let receipt = try fixture.fileSynthetic(seed: 1)
        var session = try fixture.session()

        session.type("2")   // date: candidate 2, focus moves on to total
        #expect(session.pending[.date] == PendingValue(value: "2019-03-04", source: .candidate(2)))
        #expect(session.focusedField == .total)
        session.type("1")
        let action = session.type("s")
        guard case .save(let changes) = action else { Issue.record("expected save, got \(action)"); return }
        #expect(changes.receiptId == receipt.id)
        #expect(changes.changes == [FieldChange(field: .date, value: "2019-03-04"),
                                    FieldChange(field: .total, value: "9.09")])

        #expect(session.perform(changes, on: fixture.store) == .finished)
        let saved = try #require(try fixture.store.receipt(id: receipt.id!))
        #expect(saved.date?.iso8601 == "2019-03-04")
        #expect(saved.total == Decimal(string: "9.09"))
        #expect(saved.status == .filed)
        let corrections = try fixture.store.corrections(receiptId: receipt.id!)
        #expect(corrections.map(\.field) == ["date", "total"])
        #expect(corrections.allSatisfy { $0.oldValue == nil })
        #expect(session.tally.saved == 1 && session.tally.filed == 1)
    }

    @Test func arrowsMoveTheHighlightAndEnterAcceptsIt() throws {
        let fixture = try ReviewStoreFixture()
        let receipt = try fixture.fileSynthetic(seed: 1)
        var session = try fixture.session()

        session.press(.right)                       // to total
        #expect(session.focusedField == .total)
        session.press(.down, .down, .down, .up)     // the last down stops at the end
        #expect(session.highlighted[.total] == 1)
        session.press(.enter)
        #expect(session.pending[.total]?.value == "10.00")
        #expect(session.focusedField == .date)      // the next field without a choice
        session.press(.enter)                       // date: the highlighted first candidate
        #expect(session.pending[.date]?.value == "2019-04-03")
        session.press(.left, .backspace)            // undo the total choice
        #expect(session.pending[.total] == nil)
        session.press(.enter)
        guard case .save(let changes) = session.type("s") else { Issue.record("no save"); return }
        _ = session.perform(changes, on: fixture.store)
        let saved = try #require(try fixture.store.receipt(id: receipt.id!))
        #expect(saved.total == Decimal(string: "10.00"))
        #expect(saved.date?.iso8601 == "2019-04-03")
    }

    @Test func aTypedValueIsCanonicalisedByTheStoreAndEscCancelsTyping() throws {
        let fixture = try ReviewStoreFixture()
        let receipt = try fixture.fileSynthetic(seed: 1)
        var session = try fixture.session()

        session.type("e")
        session.type("2019-04-0")
        session.press(.escape)
        #expect(session.mode == .browsing)
        #expect(session.pending[.date] == nil)

        session.type("e")
        session.type("2019-04-09")
        #expect(session.mode == .typing(.date, text: "2019-04-09"))
        session.press(.backspace)
        session.type("4")
        session.press(.enter)
        #expect(session.pending[.date] == PendingValue(value: "2019-04-04", source: .typed))
        session.type("e")
        session.type("12,5")
        session.press(.enter)
        guard case .save(let changes) = session.type("s") else { Issue.record("no save"); return }
        _ = session.perform(changes, on: fixture.store)
        let saved = try #require(try fixture.store.receipt(id: receipt.id!))
        #expect(saved.value(of: .total) == "12.50")
        #expect(saved.date?.iso8601 == "2019-04-04")
        #expect(saved.status == .filed)
    }

    @Test func aCategoryChosenInReviewIsRecordedAndLearnedForTheVendor() throws {
        let fixture = try ReviewStoreFixture()
        let receipt = try fixture.fileSynthetic(seed: 1, vendor: "Cafè Luna S.L.")
        var session = try fixture.session()

        session.type("c")
        guard case .pickingCategory(let start, _) = session.mode else { Issue.record("no picker"); return }
        #expect(fixture.store.reviewThreshold > 0)
        #expect(ReviewStoreFixture.categories[start].id == "meals")   // starts on the current one
        session.type("of")                                            // jumps by prefix
        #expect(session.mode == .pickingCategory(selected: 2, prefix: "of"))
        session.press(.enter)
        #expect(session.pending[.category]?.value == "office")
        session.type("1")
        session.type("1")
        guard case .save(let changes) = session.type("s") else { Issue.record("no save"); return }
        #expect(changes.fields == [.date, .total, .category])
        _ = session.perform(changes, on: fixture.store)

        let saved = try #require(try fixture.store.receipt(id: receipt.id!))
        #expect(saved.category == "office")
        let categoryFix = try fixture.store.corrections(receiptId: receipt.id!).filter { $0.field == "category" }
        #expect(categoryFix.map(\.oldValue) == ["meals"])
        #expect(categoryFix.map(\.newValue) == ["office"])
        #expect(try fixture.store.learnedCategories()[VendorKey.make("CAFE LUNA")] == "office")
    }

    @Test func skipMovesOnWithoutWritingAndQuitReportsWhatItDropped() throws {
        let fixture = try ReviewStoreFixture()
        let first = try fixture.fileSynthetic(seed: 1)
        let second = try fixture.fileSynthetic(seed: 2, vendor: "FORN NOU")
        var session = try fixture.session()
        let ids = session.queue.map(\.id)
        #expect(Set(ids) == [first.id, second.id])

        session.type("1")
        #expect(session.type("n") == .redraw)
        #expect(session.current?.id == ids[1])
        #expect(session.pending.isEmpty)
        #expect(session.tally.skipped == 1)

        session.type("2")
        #expect(session.type("q") == .quit(discarded: ReviewChanges(
            receiptId: ids[1]!, pending: [.date: PendingValue(value: "2019-03-04", source: .candidate(2))])))
        for id in [first.id!, second.id!] {
            #expect(try fixture.store.corrections(receiptId: id).isEmpty)
            #expect(try fixture.store.receipt(id: id)?.status == .needsReview)
        }
    }

    @Test func ctrlCQuitsAndQuitWithNothingChosenDropsNothing() throws {
        let fixture = try ReviewStoreFixture()
        try fixture.fileSynthetic(seed: 1)
        var session = try fixture.session()
        #expect(session.press(.interrupt) == .quit(discarded: nil))
        session.type("1")
        #expect(session.press(.interrupt) != .quit(discarded: nil))
    }

    @Test func aNumberWithoutACandidateChangesNothingAndSaysWhy() throws {
        let fixture = try ReviewStoreFixture()
        try fixture.fileSynthetic(seed: 1)
        var session = try fixture.session()
        session.type("7")
        #expect(session.pending.isEmpty)
        #expect(session.notice?.contains("date has 2 candidates") == true)
    }

    @Test func aValueTheStoreRefusesSavesNothingAndStaysPendingWithTheReason() throws {
        let fixture = try ReviewStoreFixture()
        let receipt = try fixture.fileSynthetic(seed: 1)
        var session = try fixture.session()

        session.type("1")              // date 2019-04-03: valid
        session.type("e")
        session.type("twelve")         // total: not an amount
        session.press(.enter)
        guard case .save(let changes) = session.type("s") else { Issue.record("no save"); return }
        #expect(session.perform(changes, on: fixture.store) == .redraw)

        #expect(session.current?.id == receipt.id)           // still on this receipt
        #expect(session.notice?.contains("total") == true)
        #expect(session.pending[.date]?.value == "2019-04-03")  // one transaction: not written either
        #expect(session.pending[.total]?.value == "twelve")     // kept to be fixed
        #expect(session.focusedField == .total)
        let stored = try #require(try fixture.store.receipt(id: receipt.id!))
        #expect(stored.date?.iso8601 != "2019-04-03")
        #expect(stored.total == nil)
        #expect(stored.status == .needsReview)
        #expect(try fixture.store.corrections(receiptId: receipt.id!).isEmpty)

        session.press(.backspace)      // drop the bad value, pick the first candidate instead
        session.type("1")
        guard case .save(let retry) = session.type("s") else { Issue.record("no save"); return }
        #expect(retry.changes.contains(FieldChange(field: .total, value: "9.09")))
        #expect(retry.changes.contains(FieldChange(field: .date, value: "2019-04-03")))
        #expect(session.perform(retry, on: fixture.store) == .finished)
        #expect(try fixture.store.receipt(id: receipt.id!)?.status == .filed)
    }

    @Test func savingLeavesAReceiptInReviewWhenAFieldIsStillMissing() throws {
        let fixture = try ReviewStoreFixture()
        let receipt = try fixture.fileSynthetic(seed: 1)
        try fixture.fileSynthetic(seed: 2, vendor: "FORN NOU")
        var session = try fixture.session()
        let firstId = try #require(session.current?.id)
        session.press(.right)
        session.type("1")               // total only; date still missing
        guard case .save(let changes) = session.type("s") else { Issue.record("no save"); return }
        #expect(session.perform(changes, on: fixture.store) == .redraw)
        #expect(session.notice?.contains("still needs review: date") == true)
        #expect(try fixture.store.receipt(id: firstId)?.status == .needsReview)
        #expect(session.tally.saved == 1 && session.tally.filed == 0)
        #expect(session.current?.id != firstId)
        _ = receipt
    }
}
