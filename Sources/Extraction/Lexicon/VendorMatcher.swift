import Foundation
import RebutCore

/// Finds the known vendor a receipt comes from. A shared registration, tax or phone number is
/// strong evidence even when the name is garbled; a header line close to a known name (OCR's
/// confusable characters counted as one) is enough on its own; a shared address line makes a
/// looser name match count. A different registration number always means a different business.
struct VendorMatcher: Sendable {
    struct Match: Sendable {
        var vendor: KnownVendor
        /// 0...1: how sure the match is, the candidate's score.
        var score: Double
        /// The header line the name was read from (the best name line, else the first header line).
        var line: ReceiptLine
        var evidence: [String]
    }

    /// A header line this close to a known name (or a spelling OCR read for it) is that vendor.
    static let nameThreshold = 0.85
    /// With a shared address line (or a registration number one digit off), a name this close is enough.
    static let nameWithAddressThreshold = 0.6
    static let identifierScore = 0.97, phoneScore = 0.93, addressScore = 0.9

    let lexicon: VendorLexicon
    /// Numbers printed on receipts of several known vendors (a customer's own phone in a bill-to
    /// block, a mall's switchboard): they tell no vendor apart, so they are no evidence.
    private let sharedNumbers: Set<String>

    init(lexicon: VendorLexicon) {
        self.lexicon = lexicon
        var owners: [String: Int] = [:]
        for vendor in lexicon.vendors.values {
            for number in vendor.identifiers.union(vendor.phones) { owners[number, default: 0] += 1 }
        }
        sharedNumbers = Set(owners.filter { $0.value > 1 }.keys)
    }

    func match(_ header: [(value: String, line: ReceiptLine)], lines: [ReceiptLine]) -> Match? {
        guard !lexicon.isEmpty, let firstLine = header.first?.line else { return nil }
        let fingerprint = VendorFingerprint(lines.map(\.text))
        let headerKeys = header.map { (key: OCRConfusion.nameKey($0.value), line: $0.line) }
        var best: Match?
        for var known in lexicon.vendors.values {
            known.identifiers.subtract(sharedNumbers)
            known.phones.subtract(sharedNumbers)
            // A different registration number: another business, however alike the names. One
            // digit apart is as likely a misread ("760441-W" for "750441-W"): no veto, and it
            // supports a looser name like a shared address line does.
            let sharedIdentifier = known.identifiers.first { fingerprint.identifiers[$0] != nil }
            let nearIdentifier = sharedIdentifier == nil
                && known.identifiers.contains { mine in fingerprint.identifiers.keys.contains { VendorFingerprint.oneMisreadApart(mine, $0) } }
            if sharedIdentifier == nil, !nearIdentifier, !known.identifiers.isEmpty, !fingerprint.identifiers.isEmpty { continue }
            let sharedPhone = known.phones.first { mine in fingerprint.phones.keys.contains { VendorFingerprint.samePhone(mine, $0) } }
            let sharedAddress = known.addressLines.first { mine in fingerprint.addressLines.keys.contains { VendorFingerprint.sameAddress(mine, $0) } }
            let (similarity, nameLine, spelling) = bestName(known, headerKeys)

            var evidence: [String] = []
            var score = 0.0
            let corroborated = sharedAddress != nil || nearIdentifier
            if similarity >= Self.nameThreshold || (corroborated && similarity >= Self.nameWithAddressThreshold) {
                score = min(1, similarity)
                evidence.append(String(format: "name %.2f like \"%@\"", similarity, spelling as NSString))
            }
            if let sharedIdentifier {
                score = max(score, Self.identifierScore)
                evidence.append("same registration number \(sharedIdentifier)")
            }
            if let sharedPhone {
                score = max(score, Self.phoneScore)
                evidence.append("same phone \(sharedPhone)")
            }
            if sharedAddress != nil, score > 0 {
                score = max(score, Self.addressScore)
                evidence.append("same address line")
            }
            if nearIdentifier, score > 0 { evidence.append("registration number one character from a known one") }
            guard score > 0 else { continue }
            let line = similarity >= Self.nameWithAddressThreshold ? nameLine ?? firstLine : firstLine
            let candidate = Match(vendor: known, score: score, line: line, evidence: evidence)
            if let current = best, (current.score, current.vendor.weight, current.vendor.name) >= (score, known.weight, known.name) {
                continue
            }
            best = candidate
        }
        return best
    }

    /// The closest header line to the vendor's name or any spelling OCR read for it.
    private func bestName(_ known: KnownVendor, _ header: [(key: [Character], line: ReceiptLine)])
        -> (Double, ReceiptLine?, String) {
        var best: (Double, ReceiptLine?, String) = (0, nil, known.name)
        for spelling in [known.name] + known.variants.sorted() {
            let key = Array(known.matchKeys[spelling] ?? String(OCRConfusion.nameKey(spelling)))
            for entry in header {
                let similarity = Self.similarity(key, entry.key)
                if similarity > best.0 { best = (similarity, entry.line, spelling) }
            }
        }
        return best
    }

    /// The whole line, or its start when the name is followed by a branch or legal form
    /// ("ACME SDN BHD (KL)").
    static func similarity(_ k: [Character], _ l: [Character]) -> Double {
        guard !k.isEmpty, !l.isEmpty else { return 0 }
        let prefixCounts = k.count >= 4 && l.count > k.count
        // Too different in length for either reading to reach the lowest threshold that is used.
        if !prefixCounts, Double(min(k.count, l.count)) < nameWithAddressThreshold * Double(max(k.count, l.count)) { return 0 }
        let whole = EditDistance.similarity(k, l)
        guard prefixCounts else { return whole }
        return max(whole, EditDistance.similarity(k, Array(l.prefix(k.count))) - 0.02)
    }
}
