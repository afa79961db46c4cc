import Foundation

/// The one text fold: upper case, no diacritics, full-width forms narrowed. Keywords, vendor
/// keys and category words compare on it, so "Fecha", "FECHA" and "fécha" are one word everywhere.
public enum TextFold {
    public static func fold(_ text: String) -> String {
        text.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive],
                     locale: Locale(identifier: "en_US_POSIX"))
            .uppercased()
    }
}
