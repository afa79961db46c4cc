import Extraction
import Foundation
import RebutCore
import Store
import Synchronization

/// The vendors and learned categories a filer gives extraction and categorisation: read from
/// the store once, not for every receipt (that cost grew with the store), and kept current
/// by the receipts this filer files itself. A receipt or correction that another process
/// (the CLI beside the watcher, the picker) wrote since is seen through the store's change
/// token, and only then is the store read again: a correction teaches the very next receipt.
final class FilingMemory: Sendable {
    private struct State {
        var vendors: [String] = []
        var learnedCategories: [String: String] = [:]
        var lexicon = VendorLexicon()
        var token: StoreChangeToken?
    }

    private let store: ExpenseStore
    private let state = Mutex(State())

    init(store: ExpenseStore) {
        self.store = store
    }

    func context(for event: Event?) async throws -> AnalysisContext {
        let current = try await store.nonBlocking.changeToken()
        if state.withLock({ $0.token }) != current {
            let vendors = try await store.nonBlocking.knownVendors()
            let learned = try await store.nonBlocking.learnedCategories()
            let lexicon = try await store.nonBlocking.run { try $0.vendorLexicon() }
            state.withLock { $0 = State(vendors: vendors, learnedCategories: learned, lexicon: lexicon, token: current) }
        }
        var datePrior: DatePrior?
        if let event { datePrior = try await store.nonBlocking.run { try $0.datePrior(for: event) } }
        let (vendors, learned, lexicon) = state.withLock { ($0.vendors, $0.learnedCategories, $0.lexicon) }
        return AnalysisContext(defaultCurrency: event?.currency, knownVendors: vendors,
                               learnedCategories: learned, preferredGroup: event?.kind.categoryGroup,
                               lexicon: lexicon, datePrior: datePrior)
    }

    /// A receipt this filer just filed: its vendor is known from now on, and the change token
    /// moves past it so that our own filing does not count as someone else's change.
    func learn(_ receipt: Receipt) {
        state.withLock { state in
            if let vendor = receipt.vendor, !vendor.isEmpty, !state.vendors.contains(vendor) {
                state.vendors.append(vendor)
            }
            if let sighting = VendorSighting(filed: receipt) { state.lexicon.learn(sighting) }
            if let id = receipt.id, var token = state.token, id == token.lastReceiptId + 1 {
                token.lastReceiptId = id
                state.token = token
            }
        }
    }
}
