import Foundation

/// One normal form for a vendor name, so that "MR. D.I.Y. (M) SDN BHD" printed on one receipt and
/// "Mr DIY Sdn. Bhd." typed by the user are recognised as the same shop. Categorisation learns
/// from it and the store keys its learned categories by it: both must agree, hence it lives here.
public enum VendorKey {
    /// Company-form words that say nothing about the shop itself (`LegalForms.keySuffixes`). Only
    /// dropped at the end of the name ("ABC SL" → "ABC"), so a shop called "SA PLAÇA" keeps its "SA".
    public static var legalSuffixes: Set<String> { LegalForms.keySuffixes }

    /// Upper-case, without diacritics, letters and digits only, legal suffixes dropped.
    /// Returns "" for a name with no letters or digits.
    public static func make(_ vendor: String) -> String {
        let folded = TextFold.fold(vendor)
            // "S.L." and "D.I.Y." are one token each, not several letters.
            .replacingOccurrences(of: ".", with: "")
        var tokens = folded.split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init)
        while tokens.count > 1, let last = tokens.last, legalSuffixes.contains(last) {
            tokens.removeLast()
        }
        return tokens.joined()
    }
}
