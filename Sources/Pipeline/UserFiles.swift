import Categorisation
import Foundation

/// Where a user's own Rebut files live, following the XDG base directories.
public enum UserFiles {
    /// The category rules the user may edit: $REBUT_RULES, else
    /// $XDG_CONFIG_HOME/rebut/categories.rules (~/.config/rebut/categories.rules).
    public static func categoryRulesURL(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let explicit = environment["REBUT_RULES"], !explicit.isEmpty {
            return URL(fileURLWithPath: explicit)
        }
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.config"
        return URL(fileURLWithPath: config).appendingPathComponent("rebut/categories.rules")
    }

    /// The user's rules when that file exists, else the built-in ones. A file with a mistake is
    /// an error (with its line number), never silently replaced by the defaults.
    public static func categoryRules(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> CategoryRules {
        let url = categoryRulesURL(environment: environment)
        guard FileManager.default.fileExists(atPath: url.path) else { return .builtIn }
        return try CategoryRules(contentsOf: url)
    }
}
