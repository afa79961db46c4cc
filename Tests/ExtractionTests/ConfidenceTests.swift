import Testing
import RebutCore
@testable import Extraction

/// Confidence must separate clear receipts from doubtful ones, since review depends on it.
struct ConfidenceTests {
    @Test func clearReceiptIsConfident() {
        let fields = extract("""
        GREENLEAF TRADING
        Date: 25/12/2018 10:00
        SUBTOTAL 10.00
        TAX 0.60
        TOTAL 10.60
        CASH 20.00
        CHANGE 9.40
        """)
        for field in ReceiptField.required {
            #expect((fields.confidence[field] ?? 0) >= ReceiptExtractor.reviewThreshold, "\(field)")
        }
    }

    @Test func unlabelledAmountsAreDoubtful() {
        let fields = extract("4.00\n7.50\n12.00")
        #expect((fields.confidence[.total] ?? 0) < ReceiptExtractor.reviewThreshold)
    }

    @Test func confidencesStayInRange() {
        let fields = extract("TOTAL 5.00\nTOTAL 5.00\nGRAND TOTAL 5.00\nVISA 5.00\n01/01/2019")
        #expect(fields.confidence.values.allSatisfy { (0...1).contains($0) })
        #expect(fields.candidates.values.joined().allSatisfy { (0...1).contains($0.score) })
    }
}
