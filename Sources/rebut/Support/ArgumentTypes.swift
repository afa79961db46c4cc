import ArgumentParser
import RebutCore
import Store

extension EventKind: ExpressibleByArgument {}
extension ReceiptStatus: ExpressibleByArgument {}

extension LocalDate: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(iso8601: argument)
    }
}

/// A three-letter ISO 4217 code, upper-cased.
struct CurrencyCode: ExpressibleByArgument {
    var code: String
    init?(argument: String) {
        let upper = argument.uppercased()
        guard upper.count == 3, upper.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        code = upper
    }
}

/// A Tesseract variable as NAME=VALUE ("tessedit_do_invert=0"), for measuring OCR settings.
struct TesseractVariable: ExpressibleByArgument {
    var name: String
    var value: String
    init?(argument: String) {
        let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, !parts[0].isEmpty else { return nil }
        (name, value) = (parts[0], parts[1])
    }
}
