import Foundation
import RebutCore

/// Reads the booking CSV exports that platforms give owners (Airbnb, Booking.com, a channel
/// manager, a spreadsheet): columns are found by their header in English, Spanish, Catalan or
/// French, whatever their order.
public struct BookingImport: Sendable {
    /// A booking read from a row, with the key that makes importing the same row twice a no-op.
    public struct Row: Sendable, Hashable {
        public var line: Int
        public var booking: Booking
        /// The platform's reservation code when the file has one; otherwise the row's own
        /// values (check-in, nights, adults, amount, guest), which a re-export keeps.
        public var key: String

        public init(line: Int, booking: Booking, key: String) {
            self.line = line
            self.booking = booking
            self.key = key
        }
    }

    /// A row that could not be read, by its line number in the file.
    public struct RowError: Error, Sendable, Hashable, CustomStringConvertible {
        public var line: Int
        public var reason: String
        public var description: String { "line \(line): \(reason)" }

        public init(line: Int, reason: String) {
            self.line = line
            self.reason = reason
        }
    }

    public struct Result: Sendable {
        public var rows: [Row]
        public var errors: [RowError]
        /// Line numbers of cancelled bookings (a status column saying so): no stay, no income.
        public var cancelled: [Int]
        /// How dates like 03/04/2025 were read, and why.
        public var dateOrderNote: String?
    }

    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        case missingColumns([String], header: [String])
        public var description: String {
            switch self {
            case .missingColumns(let names, let header):
                return "no column for \(names.joined(separator: ", ")) (the header has: \(header.joined(separator: ", ")))"
            }
        }
    }

    enum Column: CaseIterable {
        case checkIn, checkOut, nights, adults, children, infants, guests, amount, currency, guest, reference, channel, status

        /// Folded header names (letters and digits only) that mean this column.
        var names: [String] {
            switch self {
            case .checkIn: return ["checkin", "checkindate", "arrival", "arrivaldate", "startdate", "start", "fechadeentrada",
                                   "entrada", "llegada", "fechallegada", "dataentrada", "arrivee", "datedarrivee", "from"]
            case .checkOut: return ["checkout", "checkoutdate", "departure", "departuredate", "enddate", "end", "fechadesalida",
                                    "salida", "datasortida", "sortida", "depart", "datededepart", "to"]
            case .nights: return ["nights", "numberofnights", "ofnights", "noches", "nits", "nuits", "roomnights"]
            case .adults: return ["adults", "numberofadults", "ofadults", "adultos", "adults16", "adultes"]
            case .children: return ["children", "numberofchildren", "ofchildren", "kids", "ninos", "nens", "enfants"]
            case .infants: return ["infants", "ofinfants", "numberofinfants", "bebes", "nadons"]
            case .guests: return ["guests", "numberofguests", "ofguests", "persons", "people", "huespedes", "personas", "persones", "pax"]
            case .amount: return ["amount", "earnings", "grossearnings", "payout", "price", "totalprice", "total", "importe",
                                  "precio", "import", "preu", "montant", "revenue", "income"]
            case .currency: return ["currency", "moneda", "divisa", "devise"]
            case .guest: return ["guest", "guestname", "guestnames", "bookername", "bookedby", "name", "nombre", "huesped", "client", "cliente", "nom"]
            case .reference: return ["confirmationcode", "reservationnumber", "bookingnumber", "booknumber", "reservationid",
                                     "bookingid", "reference", "referencia", "localizador", "code", "id"]
            case .channel: return ["channel", "source", "platform", "canal", "portal"]
            case .status: return ["status", "estado", "estat", "statut", "bookingstatus", "reservationstatus"]
            }
        }
    }

    public var defaultCurrency: String
    public var defaultChannel: String?

    public init(defaultCurrency: String = "EUR", defaultChannel: String? = nil) {
        self.defaultCurrency = defaultCurrency
        self.defaultChannel = defaultChannel
    }

    public func read(_ text: String) throws -> Result {
        let table = CSVTable(text: text)
        var index: [Column: Int] = [:]
        for (i, name) in table.header.enumerated() {
            let key = Self.headerKey(name)
            if let column = Column.allCases.first(where: { $0.names.contains(key) }), index[column] == nil {
                index[column] = i
            }
        }
        var missing: [String] = []
        if index[.checkIn] == nil { missing.append("check-in") }
        if index[.nights] == nil && index[.checkOut] == nil { missing.append("nights or check-out") }
        if index[.adults] == nil && index[.guests] == nil { missing.append("adults or guests") }
        if index[.amount] == nil { missing.append("amount") }
        guard missing.isEmpty else { throw Failure.missingColumns(missing, header: table.header) }

        let dateCells = table.rows.flatMap { row in [Column.checkIn, .checkOut].compactMap { index[$0].flatMap { row.fields[safe: $0] } } }
        let (dayFirst, note) = Self.dateOrder(of: dateCells)
        var result = Result(rows: [], errors: [], cancelled: [], dateOrderNote: note)
        for row in table.rows {
            if let i = index[.status], let status = row.fields[safe: i].map(TextFold.fold),
               status.contains("CANCEL") || status.contains("ANUL") {
                result.cancelled.append(row.line)
                continue
            }
            do {
                result.rows.append(try readRow(row, index: index, dayFirst: dayFirst))
            } catch let error as RowError {
                result.errors.append(error)
            }
        }
        return result
    }

    private func readRow(_ row: CSVTable.Row, index: [Column: Int], dayFirst: Bool) throws -> Row {
        func cell(_ column: Column) -> String? {
            guard let i = index[column], let value = row.fields[safe: i]?.trimmingCharacters(in: .whitespaces),
                  !value.isEmpty else { return nil }
            return value
        }
        func fail(_ reason: String) -> RowError { RowError(line: row.line, reason: reason) }
        func count(_ column: Column, _ name: String) throws -> Int? {
            guard let text = cell(column) else { return nil }
            guard let n = Int(text), n >= 0 else { throw fail("\(name) '\(text)' is not a whole number") }
            return n
        }
        guard let checkInText = cell(.checkIn) else { throw fail("no check-in date") }
        guard let checkIn = Self.date(checkInText, dayFirst: dayFirst) else { throw fail("check-in '\(checkInText)' is not a date") }
        var nights = try count(.nights, "nights")
        if nights == nil, let outText = cell(.checkOut) {
            guard let out = Self.date(outText, dayFirst: dayFirst) else { throw fail("check-out '\(outText)' is not a date") }
            nights = out.dayNumber - checkIn.dayNumber
        }
        guard let nights else { throw fail("no nights and no check-out") }
        guard nights >= 1 else { throw fail("a stay of \(nights) nights") }
        // Infants are children too: exempt from the tourist tax.
        let children = (try count(.children, "children") ?? 0) + (try count(.infants, "infants") ?? 0)
        let adults: Int
        if let a = try count(.adults, "adults") {
            adults = a
        } else if let guests = try count(.guests, "guests") {
            guard guests >= children else { throw fail("\(guests) guests but \(children) children") }
            adults = guests - children
        } else {
            throw fail("no number of adults or guests")
        }
        guard let amountText = cell(.amount) else { throw fail("no amount") }
        guard let amount = AmountText.parse(amountText) else { throw fail("amount '\(amountText)' is not an amount") }
        let currency = cell(.currency)?.uppercased() ?? defaultCurrency
        guard currency.count == 3, currency.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            throw fail("currency '\(currency)' is not an ISO 4217 code")
        }
        let guest = cell(.guest)
        let booking = Booking(checkIn: checkIn, nights: nights, adults: adults, children: children, amount: amount,
                              currency: currency, guest: guest, channel: cell(.channel)?.lowercased() ?? defaultChannel)
        let key: String
        if let reference = cell(.reference) {
            key = "ref:" + reference
        } else {
            key = "row:" + [checkIn.iso8601, "\(nights)", "\(adults)", "\(children)",
                            MoneyFormat.canonical(amount, currency: currency), guest.map(TextFold.fold) ?? ""]
                .joined(separator: "|")
        }
        return Row(line: row.line, booking: booking, key: key)
    }

    static func headerKey(_ name: String) -> String {
        String(TextFold.fold(name).lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }
            .map(Character.init))
    }

    /// Day-first unless the file proves month-first: a first part over 12 proves day-first, a
    /// second part over 12 month-first. With no proof either way the European order is assumed
    /// and the note says so.
    static func dateOrder(of cells: [String]) -> (dayFirst: Bool, note: String?) {
        var dayFirstProof: String?, monthFirstProof: String?
        for cell in cells {
            let parts = cell.split(whereSeparator: { "/.-".contains($0) }).map { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 3, let a = parts[0], let b = parts[1], String(cell.prefix(4)).allSatisfy(\.isNumber) == false
            else { continue }
            if a > 12 && b <= 12 { dayFirstProof = dayFirstProof ?? cell }
            if b > 12 && a <= 12 { monthFirstProof = monthFirstProof ?? cell }
        }
        switch (dayFirstProof, monthFirstProof) {
        case (let d?, nil): return (true, "dates read day first (\(d) can only be)")
        case (nil, let m?): return (false, "dates read month first (\(m) can only be)")
        case (let d?, let m?): return (true, "dates read day first although \(m) reads month first (and \(d) day first): check them")
        case (nil, nil):
            let ambiguous = cells.contains { $0.contains("/") || ($0.contains(".") && !$0.hasPrefix("20")) }
            return (true, ambiguous ? "dates such as \(cells.first ?? "") could be read either way: read day first (DD/MM/YYYY)" : nil)
        }
    }

    /// "2025-03-04", "04/03/2025", "4.3.25" (in the file's order).
    static func date(_ text: String, dayFirst: Bool) -> LocalDate? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let dayPart = trimmed.split(separator: " ").first.map(String.init) ?? trimmed   // "2025-03-04 15:00"
        if let iso = LocalDate(iso8601: dayPart) { return iso }
        let parts = dayPart.split(whereSeparator: { "/.-".contains($0) }).compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        if parts[0] > 31 { return LocalDate(year: parts[0], month: parts[1], day: parts[2]) }
        let year = parts[2] < 100 ? 2000 + parts[2] : parts[2]
        return dayFirst ? LocalDate(year: year, month: parts[1], day: parts[0]) : LocalDate(year: year, month: parts[0], day: parts[1])
    }
}

/// Amounts as exports print them: "420.00", "1.234,56 €", "€1,234.56", "-35,00".
public enum AmountText {
    public static func parse(_ text: String) -> Decimal? {
        var kept = text.filter { $0.isNumber || $0 == "." || $0 == "," || $0 == "-" }
        guard kept.contains(where: \.isNumber) else { return nil }
        let negative = kept.hasPrefix("-")
        kept.removeAll { $0 == "-" }
        let lastDot = kept.lastIndex(of: "."), lastComma = kept.lastIndex(of: ",")
        var decimalSeparator: Character?
        switch (lastDot, lastComma) {
        case let (d?, c?): decimalSeparator = d > c ? "." : ","
        case let (d?, nil): decimalSeparator = kept.filter { $0 == "." }.count == 1 && kept.distance(from: d, to: kept.endIndex) != 4 ? "." : nil
        case let (nil, c?): decimalSeparator = kept.filter { $0 == "," }.count == 1 && kept.distance(from: c, to: kept.endIndex) != 4 ? "," : nil
        case (nil, nil): decimalSeparator = nil
        }
        var canonical = ""
        for ch in kept {
            if ch.isNumber { canonical.append(ch) } else if ch == decimalSeparator { canonical.append(".") }
        }
        return MoneyFormat.parse((negative ? "-" : "") + canonical)
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
