import Foundation

/// One number printed on a line that could be money.
struct AmountMatch: Sendable, Hashable {
    var value: Decimal
    /// True when printed with a decimal fraction ("9.00", "12,5"): receipts print money that way,
    /// so bare integers ("Qty 2", "Table 10") are weak candidates.
    var hasFraction: Bool
    /// A currency written right next to it ("RM9.00", "12,50 €"), in ISO 4217.
    var currency: String?
    /// Character offset in the repaired line, to keep the right-most amount (receipt columns).
    var position: Int
    /// "30.906" read as 30 906 may be 30.90 with a speck read as a digit; offered as a weak alternative.
    var truncatedReading: Decimal? = nil
    /// "A PAYER S9,10": the one letter glued before the amount may be a digit read as its
    /// look-alike (S for 5, B for 8) as well as a misread currency; 59.10 is offered as a weak
    /// alternative, for the receipt's sums to judge.
    var gluedDigitReading: Decimal? = nil
    /// "6.0", "12,5": a fraction of one digit. Tills print cents in full, so on a receipt whose
    /// other money has two, a digit was lost.
    var shortFraction: Bool = false
}

/// Finds and reads money amounts in one OCR line, in either decimal convention.
enum AmountParser {
    /// Currency markers that may touch an amount, folded, longest first so "US$" wins over "$".
    static let currencyMarkers: [(String, String)] = [
        ("US$", "USD"), ("RM", "MYR"), ("MYR", "MYR"), ("EUR", "EUR"), ("€", "EUR"), ("USD", "USD"),
        ("GBP", "GBP"), ("£", "GBP"), ("CHF", "CHF"), ("SGD", "SGD"), ("S$", "SGD"), ("$", "USD"),
        ("FR.", "CHF"),
    ]

    /// All amounts on a line, left to right. The line is repaired for OCR noise first.
    static func amounts(in rawLine: String) -> [AmountMatch] {
        let line = TextNormalisation.repairNumbers(rawLine)
        let chars = Array(line)
        var results: [AmountMatch] = []
        var i = 0
        while i < chars.count {
            guard chars[i].isASCII, chars[i].isNumber else { i += 1; continue }
            // A number must not continue a word or code ("A10", "SX-575").
            var gluedDigit: Character? = nil
            if i > 0, chars[i - 1].isLetter, !precededByCurrency(chars, i) {
                guard misreadCurrencyBefore(chars, i) else { i = skipToken(chars, i); continue }
                if i > 1, chars[i - 2] == " " { gluedDigit = TextNormalisation.digitLookalikes[chars[i - 1]] }
            }
            var j = i
            while j < chars.count, (chars[j].isASCII && chars[j].isNumber) || chars[j] == "." || chars[j] == ","
                || (chars[j] == "'" && j + 1 < chars.count && chars[j + 1].isNumber) { j += 1 }
            // Drop trailing separators ("9.00." at a sentence end).
            var end = j
            while end > i, !(chars[end - 1].isASCII && chars[end - 1].isNumber) { end -= 1 }
            var token = String(chars[i..<end])
            if let cents = colonReadForPoint(chars, start: i, end: end) {
                token += "." + cents
                end += 3
                j = end
            }
            defer { i = max(j, i + 1) }
            // Skip numbers glued to letters after them (codes like "1X", "3PCS") unless a currency.
            if end < chars.count, chars[end].isLetter {
                let rest = String(chars[end..<min(chars.count, end + 3)]).uppercased()
                if !(rest.hasPrefix("EUR") || rest.hasPrefix("RM") || rest.hasPrefix("CHF")) { continue }
            }
            // Percentages, times and dates are not money.
            if let next = nextNonSpace(chars, end), next == "%" { continue }
            // "12:30", "25/12": a colon or slash joins numbers into times and dates; after a word
            // ("TOTAL:9.00", "CASH —/18.00") it is only punctuation.
            if end + 1 < chars.count, chars[end] == ":" || chars[end] == "/", chars[end + 1].isNumber { continue }
            if i > 1, chars[i - 1] == ":" || chars[i - 1] == "/", chars[i - 2].isNumber { continue }
            if i > 0, chars[i - 1] == "-", i > 1, chars[i - 2].isNumber { continue }
            if end < chars.count, chars[end] == "-", end + 1 < chars.count, chars[end + 1].isNumber { continue }
            guard let (parsed, fraction) = interpret(token) else { continue }
            // "No.7", "Ref.4": a whole number glued to a word by a dot numbers something, it is no price.
            if !fraction, i > 1, chars[i - 1] == ".", chars[i - 2].isLetter, !precededByCurrency(chars, i - 1) { continue }
            var value = parsed
            let currency = currencyAround(chars, start: i, end: end)
            if isNegative(chars, start: i, end: end) { value = -value }
            var match = AmountMatch(value: value, hasFraction: fraction, currency: currency, position: i)
            let groups = token.split(whereSeparator: { !$0.isNumber })
            match.shortFraction = fraction && groups.count >= 2 && groups[groups.count - 1].count == 1
            if !fraction, groups.count == 2, groups[1].count == 3, groups[0].count <= 3,
               let truncated = Decimal(string: "\(groups[0]).\(groups[1].prefix(2))", locale: Locale(identifier: "en_US_POSIX")) {
                match.truncatedReading = value < 0 ? -truncated : truncated
            }
            if let gluedDigit, let glued = interpret(String(gluedDigit) + token), glued.1 == fraction {
                match.gluedDigitReading = value < 0 ? -glued.0 : glued.0
            }
            results.append(match)
        }
        return results
    }

    /// The cents of "112:90" or "12:70": a decimal point read as a colon, where no clock reads so
    /// (over 23 hours, or over 59 minutes) and two digits end the number ("10:45:12" is a time).
    static func colonReadForPoint(_ chars: [Character], start: Int, end: Int) -> String? {
        guard end + 2 < chars.count, chars[end] == ":", chars[end + 1].isASCII, chars[end + 1].isNumber,
              chars[end + 2].isASCII, chars[end + 2].isNumber,
              end + 3 == chars.count || !(chars[end + 3].isNumber || chars[end + 3] == ":" || chars[end + 3] == "."),
              start == 0 || chars[start - 1] != ":",
              let whole = Int(String(chars[start..<end])), let minutes = Int(String(chars[(end + 1)...(end + 2)])),
              end - start >= 3 || whole > 23 || minutes > 59 else { return nil }
        return String(chars[(end + 1)...(end + 2)])
    }

    /// Reads "1.234,56", "1,234.56", "12,50", "9.00", "1'234.50", "1.234.56" (a comma read as a dot).
    /// Returns nil for things shaped like dates or codes ("03.04.19", "12.345.6789").
    static func interpret(_ token: String) -> (Decimal, Bool)? {
        let separators = token.filter { !$0.isNumber }
        let groups = token.split(whereSeparator: { !$0.isNumber }).map(String.init)
        guard !groups.isEmpty, groups.allSatisfy({ !$0.isEmpty }),
              groups.count == separators.count + 1 else { return nil }
        if groups.count == 1 {
            // Barcodes, document numbers and zero-padded codes ("013") are not money.
            guard token.count <= 7, token.count == 1 || !token.hasPrefix("0") else { return nil }
            return Decimal(string: token).map { ($0, false) }
        }
        let last = groups[groups.count - 1]
        var integerGroups = groups
        var fraction: String? = nil
        if last.count <= 2 {
            integerGroups.removeLast()
            fraction = last
        } else if last.count != 3 {
            return nil
        }
        // Grouped thousands: first group 1–3 digits, the rest exactly 3.
        if integerGroups.count > 1 {
            guard integerGroups[0].count <= 3, integerGroups.dropFirst().allSatisfy({ $0.count == 3 }) else { return nil }
            let groupSeparators = Set(separators.dropLast(fraction == nil ? 0 : 1))
            guard groupSeparators.count == 1 else { return nil }
        } else if fraction == nil {
            // "1.234" or "1,234": thousands grouping; a single 3-digit fraction is rare on receipts.
            guard integerGroups[0].count <= 3 else { return nil }
        }
        let integer = integerGroups.joined()
        guard integer.count <= 7 else { return nil }
        var text = integer
        if let fraction { text += "." + (fraction.count == 1 ? fraction + "0" : fraction) }
        guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else { return nil }
        return (value, fraction != nil)
    }

    private static func skipToken(_ chars: [Character], _ i: Int) -> Int {
        var j = i
        while j < chars.count, !chars[j].isWhitespace { j += 1 }
        return j
    }

    private static func nextNonSpace(_ chars: [Character], _ i: Int) -> Character? {
        var j = i
        while j < chars.count, chars[j] == " " { j += 1 }
        return j < chars.count ? chars[j] : nil
    }

    /// "Total fm1.00", "Paid hM1.00", "RH367,10": a currency OCR misread, glued to the line's last
    /// amount. One to three letters starting a token, then a price with two decimals that ends
    /// the line after a label: codes ("A10", "SX-575") have no cents, and sit inside item lines.
    private static func misreadCurrencyBefore(_ chars: [Character], _ i: Int) -> Bool {
        var start = i
        while start > 0, chars[start - 1].isLetter { start -= 1 }
        guard (1...3).contains(i - start), start > 0, chars[start - 1] == " ",
              chars[..<start].contains(where: { $0.isLetter }) else { return false }
        var end = i
        while end < chars.count, chars[end].isASCII, chars[end].isNumber { end += 1 }
        // Whole units, a decimal separator and two cents ...
        guard (1...5).contains(end - i), end + 2 < chars.count, chars[end] == "." || chars[end] == ",",
              chars[end + 1].isNumber, chars[end + 2].isNumber else { return false }
        // ... that end the line, or are followed only by words (a tax code, "RM").
        let after = end + 3
        return after == chars.count || (chars[after] == " " && !chars[after...].contains { $0.isNumber })
    }

    private static func precededByCurrency(_ chars: [Character], _ i: Int) -> Bool {
        let before = String(chars[max(0, i - 3)..<i]).uppercased()
        return currencyMarkers.contains { before.hasSuffix($0.0) }
    }

    private static func currencyAround(_ chars: [Character], start: Int, end: Int) -> String? {
        var before = String(chars[max(0, start - 5)..<start]).uppercased()
        while before.hasSuffix(" ") || before.hasSuffix("-") { before.removeLast() }
        var after = String(chars[end..<min(chars.count, end + 5)]).uppercased()
        while after.hasPrefix(" ") { after.removeFirst() }
        for (marker, code) in currencyMarkers {
            if before.hasSuffix(marker) {
                // "RM" must not be the tail of a word ("FORM 12.00").
                let prefixEnd = before.index(before.endIndex, offsetBy: -marker.count)
                if marker.first!.isLetter, prefixEnd > before.startIndex,
                   before[before.index(before: prefixEnd)].isLetter { continue }
                return code
            }
            if after.hasPrefix(marker) {
                let rest = after.dropFirst(marker.count)
                if marker.first!.isLetter, let c = rest.first, c.isLetter { continue }
                return code
            }
        }
        return nil
    }

    private static func isNegative(_ chars: [Character], start: Int, end: Int) -> Bool {
        // "-9.00", "-RM0.02", "-RM 0.02", "0.02-", "(0.02)". A dash standing apart after a label
        // ("Payable - 159.00") is punctuation, and "~" is OCR noise more often than a sign.
        var k = start - 1
        if k >= 0, chars[k] == " " { k -= 1 }
        var sawCurrency = false
        while k >= 0, chars[k].isLetter || chars[k] == "€" || chars[k] == "$" || chars[k] == "£", start - k <= 4 {
            sawCurrency = true
            k -= 1
        }
        if sawCurrency, k >= 0, chars[k] == " ", k > 0, chars[k - 1] == "-" || chars[k - 1] == "–" { k -= 1 }
        if k >= 0, chars[k] == "-" || chars[k] == "–" {
            let attached = k + 1 < chars.count && chars[k + 1] != " " || sawCurrency
            let afterLabel = k > 0 && chars[k - 1] == " " && k > 1 && chars[k - 2].isLetter && !attached
            return (k == 0 || !chars[k - 1].isNumber) && !afterLabel && (attached || k == 0 || chars[k - 1] == ":")
        }
        if k >= 0, chars[k] == "(", end < chars.count, chars[end] == ")" { return true }
        if end < chars.count, chars[end] == "-", end + 1 == chars.count || chars[end + 1] == " " { return true }
        return false
    }
}
