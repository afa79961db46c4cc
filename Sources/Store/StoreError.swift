import RebutCore

/// Why the store refused an operation. Each case names the thing the user can fix.
public enum StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    case eventNotFound(String)
    case receiptNotFound(Int64)
    case bookingNotFound(Int64)
    case projectCostNotFound(Int64)
    /// No receipt has this vendor (`rebut vendors`).
    case vendorNotFound(String)
    /// `field` is a receipt field name ("total") or another input's name ("event name", "sha256").
    case invalidValue(field: String, value: String, reason: String)
    case duplicateEventName(String)
    /// A stored value that no longer parses: the database was edited by hand or damaged.
    case corruptValue(column: String, value: String)
    case imageWriteFailed(path: String, reason: String)
    /// Only filing commands create a store: a read at a mistyped path says so instead.
    case storeNotFound(String)
    case notAStore(path: String, reason: String)
    case permissionDenied(path: String, reason: String)

    public var description: String {
        switch self {
        case .eventNotFound(let what): return "no event \(what)"
        case .receiptNotFound(let id): return "no receipt with id \(id)"
        case .bookingNotFound(let id): return "no booking with id \(id)"
        case .projectCostNotFound(let id): return "no cost entry with id \(id)"
        case .vendorNotFound(let name): return "no receipt has the vendor '\(TextSanitising.abbreviated(name))' (see `rebut vendors list`)"
        case .invalidValue(let field, let value, let reason):
            return "invalid \(field) '\(TextSanitising.abbreviated(value))': \(reason)"
        case .duplicateEventName(let name): return "an event named '\(name)' already exists (names ignore case)"
        case .corruptValue(let column, let value): return "stored \(column) '\(value)' cannot be read; the database may be damaged"
        case .imageWriteFailed(let path, let reason): return "cannot write image \(path): \(reason)"
        case .storeNotFound(let path):
            return "no store at \(path) (only filing commands such as `rebut ingest` create one; check --store or $REBUT_STORE)"
        case .notAStore(let path, let reason): return "\(path) is not a Rebut store: \(reason)"
        case .permissionDenied(let path, let reason): return "cannot use the store \(path): \(reason)"
        }
    }
}
