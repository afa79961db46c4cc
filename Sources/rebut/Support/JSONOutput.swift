import Foundation

enum JSONOutput {
    /// One compact JSON document with sorted keys (stable for scripts and tests).
    static func line<T: Encodable>(_ value: T) -> String {
        encode(value, [.sortedKeys, .withoutEscapingSlashes])
    }

    static func pretty<T: Encodable>(_ value: T) -> String {
        encode(value, [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])
    }

    /// Times are ISO 8601 with the local offset ("2026-03-01T09:30:00+01:00"), never
    /// Foundation's default of seconds since 2001.
    private static func encode<T: Encodable>(_ value: T, _ formatting: JSONEncoder.OutputFormatting) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = formatting
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(timestamp(date))
        }
        return String(decoding: (try? encoder.encode(value)) ?? Data("null".utf8), as: UTF8.self)
    }

    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone.current
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}

/// Encodes nil as `null` instead of leaving the key out, so that every documented key is
/// present in the JSON a script reads (`"category": null` rather than no `category`).
@propertyWrapper
struct NullEncoded<Value: Encodable>: Encodable {
    var wrappedValue: Value?

    init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}
