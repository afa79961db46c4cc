import Foundation
import RebutCore

/// Finds how the receipt was paid from the payment lines near the total.
struct PaymentExtractor: Sendable {
    struct Result: Sendable {
        var candidates: [Candidate]
        var confidence: Double
    }

    /// Card words so specific they settle the method on their own.
    static let cardBrands: KeywordSet = ["VISA", "MASTERCARD", "MASTER CARD", "AMEX", "AMERICAN EXPRESS", "MAESTRO",
                             "EC-KARTE", "GIROCARD", "CARTE BANCAIRE", "UNIONPAY", "MYDEBIT", "CONTACTLESS",
                             "SANS CONTACT", "TARJETA", "TARGETA"]
    /// Card-slip lines: an authorisation or masked card number means a card paid.
    static let cardSlip: KeywordSet = ["APPROVAL CODE", "AUTH CODE", "APPR CODE", "AUTORIZACION", "AUTORITZACIO",
                           "CARD NO", "CARD NUMBER", "TERMINAL ID", "NUM TARJETA"]

    /// Loyalty schemes print a card and its masked number ("Payback-Karte: ****1234", "MEMBER
    /// CARD XXXX5678") whatever paid: such a line is no evidence of a card payment.
    static let loyaltyScheme: KeywordSet = ["PAYBACK", "PUNKTE", "PUNKTESTAND", "KUNDENKARTE", "BONUSKARTE",
                                            "DEUTSCHLANDCARD", "LOYALTY", "POINTS", "MEMBER", "MEMBERSHIP", "REWARDS",
                                            "CLUBCARD", "FIDELITE", "CARTE FIDELITE", "FIDELIDAD", "FIDELITAT",
                                            "PUNTOS", "PUNTS", "TARJETA CLIENTE", "SOCIO"]

    static let cheque: KeywordSet = ["CHEQUE", "CHECK NO", "CHEQUE NO", "SCHECK", "TALON"]

    private static let maskedCardNumber = try! NSRegularExpression(pattern: #"[X*]{4,}\s?\d{4}"#)

    func extract(_ lines: [ReceiptLine], total: Decimal?) -> Result {
        // Evidence adds up per method; the line shown for it is the one that said the most (a
        // weak "card" word on an item line must not stand for a card slip further down).
        var scores: [PaymentMethod: (total: Double, strongest: Double, line: ReceiptLine)] = [:]
        func add(_ method: PaymentMethod, _ score: Double, _ line: ReceiptLine) {
            guard let old = scores[method] else { scores[method] = (score, score, line); return }
            scores[method] = (old.total + score, max(old.strongest, score), score > old.strongest ? line : old.line)
        }
        for line in lines {
            let m = line.match
            let paysAmount = !line.amounts.isEmpty
            if !m.contains(any: Self.loyaltyScheme) {
                if m.contains(any: Self.cardBrands) { add(.card, paysAmount ? 0.7 : 0.5, line) }
                else if m.contains(any: Keywords.card) { add(.card, paysAmount ? 0.45 : 0.2, line) }
                if m.contains(any: Self.cardSlip) || Self.maskedCardNumber.firstMatch(in: m.folded, range: NSRange(location: 0, length: (m.folded as NSString).length)) != nil {
                    add(.card, 0.4, line)
                }
            }
            if m.contains(any: Keywords.cash) {
                // A tendered amount beside CASH (or a CHANGE line) is strong; "CASH BILL" alone is weaker.
                add(.cash, paysAmount ? 0.6 : 0.3, line)
            }
            if line.role == .change, let changeAmount = line.amounts.last, changeAmount.value > 0 { add(.cash, 0.3, line) }
            if m.contains(any: Keywords.transfer) { add(.transfer, 0.5, line) }
            if m.contains(any: Keywords.mobile) { add(.mobile, 0.5, line) }
            if m.contains(any: Keywords.voucher), paysAmount { add(.voucher, 0.4, line) }
            if m.contains(any: Self.cheque) { add(.cheque, 0.5, line) }
        }
        let ranked = scores.sorted { $0.value.total > $1.value.total }
        let candidates = ranked.prefix(5).map {
            Candidate(value: $0.key.rawValue, score: min(1, $0.value.total), line: $0.value.line.text, lineIndex: $0.value.line.index)
        }
        guard let top = ranked.first else { return Result(candidates: [], confidence: 0) }
        let second = ranked.count > 1 ? ranked[1].value.total : 0
        return Result(candidates: Array(candidates),
                      confidence: Confidence.fromScores(best: top.value.total, second: second, strong: 0.6))
    }
}
