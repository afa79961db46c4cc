import Extraction
import Foundation
import RebutCore
import Store

/// The vendor lexicon as the store knows it: every receipt with a vendor teaches its vendor's
/// spellings, numbers, address lines and habits, a corrected vendor more than a reading.
extension ExpenseStore {
    public func vendorLexicon() throws -> VendorLexicon {
        var lexicon = VendorLexicon()
        for row in try vendorHistory() { lexicon.learn(VendorSighting(row)) }
        return lexicon
    }

    /// What the receipt's date is expected near: the event's dates when it has a start, else the dates
    /// of the event's other receipts; nil without either.
    public func datePrior(for event: Event) throws -> DatePrior? {
        // An event still going on runs to today.
        if let start = event.startDate { return .event(from: start, to: event.endDate ?? LocalDate.containing(Date())) }
        guard let id = event.id else { return nil }
        return DatePrior.around(try receiptDates(eventId: id))
    }
}

extension VendorSighting {
    init(_ row: VendorHistoryRow) {
        self.init(vendor: row.vendor, readAs: [row.readAs].compactMap { $0 } + row.correctedFrom, lines: row.ocrLines,
                  currency: row.currency, total: row.total, category: row.category, payment: row.payment,
                  corrected: row.vendorCorrected)
    }

    /// A receipt just filed, before anyone corrected it.
    init?(filed receipt: Receipt) {
        guard let vendor = receipt.vendor, !vendor.isEmpty else { return nil }
        let read = receipt.candidates[ReceiptField.vendor.rawValue]?.first
        self.init(vendor: vendor, readAs: [read].compactMap { $0?.evidence == nil ? $0?.value : nil },
                  lines: receipt.ocrLines, currency: receipt.currency, total: receipt.total,
                  category: receipt.category, payment: receipt.payment, corrected: false)
    }
}
