import Foundation

/// Who hands in the claim, printed in its header. Every field is optional.
public struct Claimant: Sendable, Hashable, Codable {
    public var name: String?
    public var employeeId: String?
    public var company: String?
    public var department: String?

    public init(name: String? = nil, employeeId: String? = nil, company: String? = nil, department: String? = nil) {
        self.name = name
        self.employeeId = employeeId
        self.company = company
        self.department = department
    }
}

/// The user's report settings: `$REBUT_CONFIG`, else `$XDG_CONFIG_HOME/rebut/config.json`
/// (`~/.config/rebut/config.json`), beside the category rules:
///
///     {"claimant": {"name": "Ada Lovelace", "employeeId": "E-1042", "company": "Analytical Engines Ltd"}}
///
/// A missing file means no claimant; a file that cannot be read is an error naming it.
public struct ReportSettings: Sendable, Codable {
    public var claimant: Claimant?

    public init(claimant: Claimant? = nil) {
        self.claimant = claimant
    }

    public struct LoadError: Error, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "\(path): \(reason)" }
    }

    public static func url(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let explicit = environment["REBUT_CONFIG"], !explicit.isEmpty { return URL(fileURLWithPath: explicit) }
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.config"
        return URL(fileURLWithPath: config).appendingPathComponent("rebut/config.json")
    }

    public static func load(environment: [String: String] = ProcessInfo.processInfo.environment) throws(LoadError) -> ReportSettings {
        let url = url(environment: environment)
        guard FileManager.default.fileExists(atPath: url.path) else { return ReportSettings() }
        do {
            return try JSONDecoder().decode(ReportSettings.self, from: Data(contentsOf: url))
        } catch let error as DecodingError {
            throw LoadError(path: url.path, reason: "not valid report settings (\(Self.explain(error)))")
        } catch {
            throw LoadError(path: url.path, reason: "cannot be read (\(error.localizedDescription))")
        }
    }

    private static func explain(_ error: DecodingError) -> String {
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
             .dataCorrupted(let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return (path.isEmpty ? "" : "at \(path): ") + context.debugDescription
        @unknown default: return "\(error)"
        }
    }
}
