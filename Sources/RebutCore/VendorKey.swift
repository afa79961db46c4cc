import Foundation

/// One normal form for a vendor name, so that "MR. D.I.Y. (M) SDN BHD" printed on one receipt and
/// "Mr DIY Sdn. Bhd." typed by the user are recognised as the same shop. Categorisation learns
/// from it and the store keys its learned categories by it: both must agree, hence it lives here.
public enum VendorKey {
    /// Company-form words that say nothing about the shop itself. Only dropped at the end of the
    /// name ("ABC SL" → "ABC"), so a shop called "SA PLAÇA" keeps its "SA".
    public static let legalSuffixes: Set<String> = [
        // Malaysia: Sendirian Berhad, written "SDN BHD", "S/B", "SB"; "(M)" = Malaysia; PLT.
        "SDN", "BHD", "BERHAD", "SENDIRIAN", "S", "B", "SB", "M", "PLT",
        "SL", "SLU", "SA", "SAU", "SLL", "SCP", "SC", "SCCL",
        "GMBH", "AG", "KG", "OHG", "UG", "EK", "EV", "CO",
        "SARL", "SAS", "SASU", "EURL", "SNC",
        "LTD", "LIMITED", "PLC", "INC", "LLC", "LLP", "CORP", "BV", "NV", "SRL", "SPA",
    ]

    /// Upper-case, without diacritics, letters and digits only, legal suffixes dropped.
    /// Returns "" for a name with no letters or digits.
    public static func make(_ vendor: String) -> String {
        let folded = vendor
            .folding(options: [.diacriticInsensitive, .caseInsensitive], locale: Locale(identifier: "en_US_POSIX"))
            .uppercased()
            // "S.L." and "D.I.Y." are one token each, not several letters.
            .replacingOccurrences(of: ".", with: "")
        var tokens = folded.split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init)
        while tokens.count > 1, let last = tokens.last, legalSuffixes.contains(last) {
            tokens.removeLast()
        }
        return tokens.joined()
    }
}
