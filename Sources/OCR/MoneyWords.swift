/// Words OCR read as money as tills print it, which the second look (an upright page) and the
/// split-column check (amounts kept whole) both count.
enum MoneyWords {
    /// Digits with a decimal point or comma before exactly two digits, grouped or not, with at
    /// most a short currency mark before and one character after.
    static func looksLikeMoney(_ word: String) -> Bool {
        let chars = Array(word)
        guard let last = chars.lastIndex(where: \.isNumber), chars.count - 1 - last <= 1 else { return false }
        guard let first = chars.firstIndex(where: \.isNumber), first <= 3,
              !chars[..<first].contains(where: { $0.isNumber || $0 == "." || $0 == "," }) else { return false }
        let body = chars[first...last]
        guard body.count >= 4, body[body.endIndex - 3] == "." || body[body.endIndex - 3] == ",",
              body[(body.endIndex - 2)...].allSatisfy(\.isNumber) else { return false }
        let whole = body[..<(body.endIndex - 3)]
        return whole.allSatisfy { $0.isNumber || $0 == "," || $0 == "." } && whole.first?.isNumber == true
            && whole.last?.isNumber == true
    }

    /// How many of a page's words read as money at this confidence or more.
    static func count(in page: OCRPage, minimumConfidence: Double = 0) -> Int {
        page.lines.reduce(0) { count, line in
            count + line.words.filter { $0.confidence >= minimumConfidence && looksLikeMoney($0.text) }.count
        }
    }
}
