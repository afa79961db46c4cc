import Foundation

/// A CSV file split into rows of fields (RFC 4180 quoting; comma, semicolon or tab, whichever
/// the header line uses most), each row with the line number it starts on.
struct CSVTable {
    struct Row {
        var line: Int
        var fields: [String]
    }

    var header: [String]
    var rows: [Row]

    init(text: String) {
        var body = Substring(text)
        if body.hasPrefix("\u{FEFF}") { body = body.dropFirst() }
        let firstLine = body.prefix { $0 != "\n" && $0 != "\r\n" }
        let separator: Character = [",", ";", "\t"].max { a, b in
            firstLine.filter { $0 == a }.count < firstLine.filter { $0 == b }.count
        } ?? ","
        var rows: [Row] = []
        var fields: [String] = []
        var field = ""
        var quoted = false, atFieldStart = true
        var line = 1, rowLine = 1
        var iterator = body.makeIterator()
        var pending: Character? = nil
        func endRow() {
            fields.append(field)
            if !(fields.count == 1 && fields[0].trimmingCharacters(in: .whitespaces).isEmpty) {
                rows.append(Row(line: rowLine, fields: fields))
            }
            fields = []; field = ""; atFieldStart = true
        }
        while let c = pending ?? iterator.next() {
            pending = nil
            if quoted {
                if c == "\"" {
                    let following = iterator.next()
                    if following == "\"" { field.append("\"") } else { quoted = false; pending = following }
                } else {
                    if c == "\n" || c == "\r\n" { line += 1 }
                    field.append(c)
                }
                continue
            }
            switch c {
            case "\"" where atFieldStart: quoted = true; atFieldStart = false
            case separator: fields.append(field); field = ""; atFieldStart = true
            case "\n", "\r\n", "\r":
                endRow()
                line += 1
                rowLine = line
            default: field.append(c); atFieldStart = false
            }
        }
        if !field.isEmpty || !fields.isEmpty { endRow() }
        header = rows.first?.fields ?? []
        self.rows = Array(rows.dropFirst())
    }
}
