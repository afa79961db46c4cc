import Foundation
import RebutCore
import Store
import Testing

/// What the web app keeps in the store: summaries for lists, sessions, tokens, the password hash.
@Suite struct WebAccessStoreTests {
    @Test func summariesMatchTheFullReceiptsInOrderAndValue() throws {
        let folder = try TemporaryFolder()
        let store = try folder.makeStore()
        let event = try store.createEvent(Event(name: "Lists"))
        _ = try store.file(newReceipt(seed: 1, date: LocalDate(year: 2019, month: 5, day: 1), category: "meals"), into: event.id!)
        _ = try store.file(newReceipt(seed: 2, date: nil, total: nil, status: .needsReview), into: event.id!)
        _ = try store.file(newReceipt(seed: 3, date: LocalDate(year: 2018, month: 1, day: 2), currency: "JPY"), into: event.id!)
        for (status, category) in [(nil, nil), (ReceiptStatus.needsReview, nil), (nil, "MEALS")] as [(ReceiptStatus?, String?)] {
            let full = try store.receipts(eventId: event.id, status: status, category: category)
            let summaries = try store.receiptSummaries(eventId: event.id, status: status, category: category)
            #expect(summaries.map(\.id) == full.map { $0.id! })
            #expect(summaries == full.map(ReceiptSummary.init))
            for field in ReceiptField.allCases {
                #expect(summaries.map { $0.value(of: field) } == full.map { $0.value(of: field) })
            }
        }
    }

    @Test func sessionsExpireTokensRevokeAndANewPasswordEndsSessions() throws {
        let folder = try TemporaryFolder()
        let store = try folder.makeStore()
        try store.createWebSession(WebSession(tokenHash: "live", expiresAt: Date().addingTimeInterval(60)))
        try store.createWebSession(WebSession(tokenHash: "old", expiresAt: Date().addingTimeInterval(-1)))
        #expect(try store.webSession(tokenHash: "live") != nil)
        #expect(try store.webSession(tokenHash: "old") == nil)

        let token = try store.createAPIToken(name: " script ", tokenHash: "h1")
        #expect(token.name == "script")
        #expect(try store.useAPIToken(tokenHash: "h1")?.lastUsedAt != nil)
        try store.revokeAPIToken(id: token.id!)
        #expect(try store.useAPIToken(tokenHash: "h1") == nil)
        #expect(try store.apiTokens().first?.revokedAt != nil)
        #expect(throws: StoreError.self) { try store.createAPIToken(name: "  ", tokenHash: "h2") }

        try store.setWebPasswordHash("$2b$12$hash")
        #expect(try store.webPasswordHash() == "$2b$12$hash")
        #expect(try store.webSession(tokenHash: "live") == nil)
    }
}
