import Foundation

/// The document as JSON for scripts: header fields as an object, each table's rows as objects
/// keyed by column key (money as `{"amount": "12.50", "currency": "EUR"}`), charts as label–value
/// pairs; images are left out (their captions stay).
public enum JSONRenderer {
    public static func render(_ document: ReportDocument) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(Shaped(document))) ?? Data("{}".utf8)
    }

    private struct Shaped: Encodable {
        var title: String
        var subtitle: String?
        var fields: [String: String]
        var sections: [Section]

        init(_ document: ReportDocument) {
            title = document.title
            subtitle = document.subtitle
            fields = Dictionary(document.fields.map { ($0.label, $0.value) }, uniquingKeysWith: { first, _ in first })
            sections = document.sections.map(Section.init)
        }
    }

    private struct Section: Encodable {
        var title: String
        var paragraphs: [String] = []
        var flags: [String] = []
        var tables: [String: Table] = [:]
        var charts: [ReportChart] = []
        var images: [ReportThumbnail] = []

        init(_ section: ReportSection) {
            title = section.title
            for block in section.blocks {
                switch block {
                case .paragraph(let text): paragraphs.append(text)
                case .flags(let list): flags += list
                case .table(let table): tables[table.id] = Table(table)
                case .chart(let chart): charts.append(chart)
                case .thumbnails(let list): images += list
                }
            }
        }
    }

    private struct Table: Encodable {
        var rows: [Row]
        var totals: Row?

        init(_ table: ReportTable) {
            let columns = table.columns.enumerated().filter { $0.element.isData }
            func row(_ row: ReportRow) -> Row {
                var cells: [String: ReportCell] = [:]
                for (index, column) in columns {
                    cells[column.key] = index < row.cells.count ? row.cells[index] : .empty
                }
                return Row(cells: cells, flag: row.flag)
            }
            rows = table.rows.map(row)
            totals = table.totals.map(row)
        }
    }

    private struct Row: Encodable {
        var cells: [String: ReportCell]
        var flag: String?

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: DynamicKey.self)
            for (key, cell) in cells { try container.encode(cell, forKey: DynamicKey(key)) }
            if let flag { try container.encode(flag, forKey: DynamicKey("flag")) }
        }
    }

    private struct DynamicKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
