/// Company legal forms, the one list: extraction recognises a business name by them and cuts
/// registration debris after them; the vendor key drops them from the end of a name.
public enum LegalForms {
    /// Legal forms as printed, by country. Dotted spellings match as whole words only.
    public static let printed: [String] = [
        // Malaysia and Singapore.
        "SDN BHD", "SDN. BHD.", "SDN BHD.", "BHD", "BERHAD", "S/B", "PLT", "PTE", "PTE LTD",
        // English-speaking countries.
        "LTD", "LIMITED", "PTY LTD", "PTY. LTD.", "PTY", "LLC", "INC", "INCORPORATED", "CORP", "CORPORATION", "PLC", "CO", "& CO", "LLP",
        // Spain and Catalonia.
        "S.L.", "SL", "S.A.", "SA", "S.L.U.", "SLU", "S.A.U.", "S.L.L.", "S.C.P.", "S.COOP", "SOCIEDAD LIMITADA",
        "SOCIEDAD ANONIMA", "S.C.", "CB", "C.B.", "SCCL", "S.C.C.L.",
        // Germany and Austria.
        "GMBH", "GMBH & CO. KG", "GMBH & CO KG", "AG", "KG", "OHG", "E.K.", "EK", "UG", "E.V.", "MBH", "GBR",
        // France.
        "SARL", "SAS", "SASU", "EURL", "SNC", "SCI", "S.A.R.L.", "S.A.S.",
        // The Netherlands, Belgium, Italy.
        "B.V.", "N.V.", "S.R.L.", "S.P.A.",
    ]

    /// Words that mark a line as a business's name as surely as a legal form ("ENTERPRISE",
    /// "TRADING", "KEDAI"), but are part of the name itself, so vendor keys keep them.
    public static let businessMarks: [String] = [
        "ENTERPRISE", "ENTERPRISES", "TRADING", "COMPANY", "HOLDINGS",
        "PERNIAGAAN", "SYARIKAT", "PERUSAHAAN", "KEDAI", "COOPERATIVA",
    ]

    /// Words dropped from the end of a vendor key: every word of a printed form, dots removed
    /// ("S.L." → "SL"), and what is written beside them: "SENDIRIAN" spelled out, "SB" for S/B,
    /// "(M)" for Malaysia.
    public static let keySuffixes: Set<String> = {
        var words: Set<String> = ["SENDIRIAN", "SB", "M"]
        for form in printed {
            let undotted = form.replacingOccurrences(of: ".", with: "")
            words.formUnion(undotted.split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init))
        }
        return words
    }()
}
