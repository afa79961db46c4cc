import Foundation
import RebutCore

/// A report as content, independent of its format: what `PDFRenderer`, `CSVRenderer`,
/// `JSONRenderer` and `TextTableRenderer` turn into files or terminal output.
///
/// Builders (the expense claim, the spending summary, property and project reports) fill one of
/// these from the store; renderers know nothing about receipts. Money stays `Decimal` with its
/// currency in every cell, so each format prints it exactly.
public struct ReportDocument: Sendable, Encodable {
    public var title: String
    public var subtitle: String?
    /// Label–value pairs printed under the title (event, dates, claimant…).
    public var fields: [ReportField]
    public var sections: [ReportSection]
    /// Printed at the foot of every PDF page, left; the page number goes right.
    public var footer: String?

    public init(title: String, subtitle: String? = nil, fields: [ReportField] = [], sections: [ReportSection] = [],
                footer: String? = nil) {
        self.title = title
        self.subtitle = subtitle
        self.fields = fields
        self.sections = sections
        self.footer = footer
    }

    /// The table with only its printed columns, for the PDF and the terminal.
    public static func printedColumns(of table: ReportTable) -> ReportTable {
        let keep = table.columns.indices.filter { table.columns[$0].printed }
        func cut(_ row: ReportRow) -> ReportRow {
            ReportRow(keep.map { $0 < row.cells.count ? row.cells[$0] : .empty }, flag: row.flag)
        }
        return ReportTable(id: table.id, columns: keep.map { table.columns[$0] }, rows: table.rows.map(cut),
                           totals: table.totals.map(cut))
    }

    /// The first table with this id in any section.
    public func table(_ id: String) -> ReportTable? {
        for section in sections {
            for case .table(let table) in section.blocks where table.id == id { return table }
        }
        return nil
    }
}

public struct ReportField: Sendable, Encodable {
    public var label: String
    public var value: String
    public init(_ label: String, _ value: String) {
        self.label = label
        self.value = value
    }
}

public struct ReportSection: Sendable, Encodable {
    public var title: String
    public var blocks: [ReportBlock]
    /// An appendix starts on a page of its own.
    public var startsNewPage: Bool

    public init(_ title: String, blocks: [ReportBlock], startsNewPage: Bool = false) {
        self.title = title
        self.blocks = blocks
        self.startsNewPage = startsNewPage
    }
}

public enum ReportBlock: Sendable, Encodable {
    case paragraph(String)
    /// Warnings a reader must see (receipts to review, amounts not converted), drawn highlighted.
    case flags([String])
    case table(ReportTable)
    case chart(ReportChart)
    case thumbnails([ReportThumbnail])

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: BlockKey.self)
        switch self {
        case .paragraph(let text): try container.encode(text, forKey: .paragraph)
        case .flags(let flags): try container.encode(flags, forKey: .flags)
        case .table(let table): try container.encode(table, forKey: .table)
        case .chart(let chart): try container.encode(chart, forKey: .chart)
        case .thumbnails(let thumbnails): try container.encode(thumbnails, forKey: .thumbnails)
        }
    }

    private enum BlockKey: String, CodingKey { case paragraph, flags, table, chart, thumbnails }
}

/// A table of typed cells. Renderers align by kind: money and numbers right, text left.
public struct ReportTable: Sendable, Encodable {
    /// Stable name a renderer or test picks the table by ("receipts", "byCategory").
    public var id: String
    public var columns: [ReportColumn]
    public var rows: [ReportRow]
    /// A closing row (totals), drawn bold under a rule.
    public var totals: ReportRow?

    public init(id: String, columns: [ReportColumn], rows: [ReportRow], totals: ReportRow? = nil) {
        self.id = id
        self.columns = columns
        self.rows = rows
        self.totals = totals
    }
}

public struct ReportColumn: Sendable, Encodable {
    public enum Kind: String, Sendable, Encodable { case text, money, date, integer, percent, bar }
    /// Key in JSON rows and a CSV header ("amount").
    public var key: String
    /// Heading as printed ("Amount").
    public var title: String
    public var kind: Kind
    /// Share of the table's width in a PDF (relative to the other columns).
    public var width: Double
    /// False for detail only data formats carry (a rate's source, coordinates): the PDF and the
    /// terminal leave the column out.
    public var printed: Bool

    public init(_ key: String, _ title: String, _ kind: Kind = .text, width: Double = 1, printed: Bool = true) {
        self.key = key
        self.title = title
        self.kind = kind
        self.width = width
        self.printed = printed
    }

    /// Bars are drawn for people (terminal, PDF); data formats leave them out.
    public var isData: Bool { kind != .bar }
}

public struct ReportRow: Sendable, Encodable {
    public var cells: [ReportCell]
    /// Drawn highlighted with `flag` as the reason (needs review, not converted).
    public var flag: String?

    public init(_ cells: [ReportCell], flag: String? = nil) {
        self.cells = cells
        self.flag = flag
    }
}

public enum ReportCell: Sendable, Encodable {
    case text(String)
    case money(Decimal, currency: String)
    case date(LocalDate)
    case integer(Int)
    /// A share, 0...1, printed as a percentage.
    case percent(Decimal)
    /// A share, 0...1, drawn as a bar.
    case bar(Decimal)
    case empty

    /// The cell as plain text for data formats: money as a canonical decimal without its currency
    /// (CSV puts the currency in a column of its own), dates ISO 8601, shares as "12.5".
    public var plainText: String {
        switch self {
        case .text(let text): return text
        case .money(let amount, let currency): return MoneyFormat.canonical(amount, currency: currency)
        case .date(let date): return date.iso8601
        case .integer(let n): return String(n)
        case .percent(let share), .bar(let share): return ReportText.percentNumber(share)
        case .empty: return ""
        }
    }

    public var currency: String? {
        if case .money(_, let currency) = self { return currency }
        return nil
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .money(let amount, let currency):
            try container.encode(["amount": MoneyFormat.canonical(amount, currency: currency), "currency": currency])
        case .integer(let n): try container.encode(n)
        case .empty: try container.encodeNil()
        default: try container.encode(plainText)
        }
    }
}

/// Values over labels, drawn as vectors: `.bars` horizontally (categories), `.columns` over time.
public struct ReportChart: Sendable, Encodable {
    public enum Kind: String, Sendable, Encodable { case bars, columns }
    public var title: String
    public var kind: Kind
    public var currency: String
    public var points: [ChartPoint]

    public init(title: String, kind: Kind, currency: String, points: [ChartPoint]) {
        self.title = title
        self.kind = kind
        self.currency = currency
        self.points = points
    }
}

public struct ChartPoint: Sendable, Encodable {
    public var label: String
    public var value: Decimal

    public init(_ label: String, _ value: Decimal) {
        self.label = label
        self.value = value
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(label, forKey: .label)
        try container.encode("\(value)", forKey: .value)
    }
    private enum Key: String, CodingKey { case label, value }
}

/// A receipt image, already reduced (see `Imaging.Thumbnail`); JSON carries only its caption.
public struct ReportThumbnail: Sendable, Encodable {
    public var caption: String
    /// A second caption line (the vendor).
    public var detail: String?
    public var jpeg: Data
    public var width: Int
    public var height: Int
    public var flag: String?

    public init(caption: String, detail: String? = nil, jpeg: Data, width: Int, height: Int, flag: String? = nil) {
        self.caption = caption
        self.detail = detail
        self.jpeg = jpeg
        self.width = width
        self.height = height
        self.flag = flag
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(caption, forKey: .caption)
        try container.encodeIfPresent(detail, forKey: .detail)
        try container.encodeIfPresent(flag, forKey: .flag)
    }
    private enum Key: String, CodingKey { case caption, detail, flag }
}

/// How cells read for people (money grouped, shares as percentages), shared by the renderers.
public enum ReportText {
    /// "12.5" for 0.125: one decimal, rounded half up.
    public static func percentNumber(_ share: Decimal) -> String {
        var value = share * 100
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, 1, .plain)
        let text = "\(rounded)"
        return text.contains(".") ? text : text + ".0"
    }

    /// "1,234.50 EUR": grouped for people; data formats use `ReportCell.plainText`.
    public static func money(_ amount: Decimal, currency: String) -> String {
        let canonical = MoneyFormat.canonical(amount, currency: currency)
        let negative = canonical.hasPrefix("-")
        let digits = negative ? String(canonical.dropFirst()) : canonical
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        var whole = String(parts[0])
        var grouped = ""
        while whole.count > 3 {
            grouped = "," + whole.suffix(3) + grouped
            whole = String(whole.dropLast(3))
        }
        grouped = whole + grouped
        let fraction = parts.count > 1 ? "." + parts[1] : ""
        return (negative ? "−" : "") + grouped + fraction + " " + currency
    }

    /// What a person reads in a cell: one line, line breaks and other control characters as spaces
    /// (a vendor read as two lines must not break a table's rows).
    public static func display(_ cell: ReportCell) -> String {
        switch cell {
        case .money(let amount, let currency): return money(amount, currency: currency)
        case .percent(let share): return percentNumber(share) + "%"
        case .bar: return ""
        default: return oneLine(cell.plainText)
        }
    }

    public static func oneLine(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { CharacterSet.controlCharacters.contains($0) ? " " : $0 }))
    }
}
