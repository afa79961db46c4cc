import CQRencode

/// A QR code drawn with half-block characters, two modules a character row, so a phone can scan
/// the address `rebut serve` prints. Owns the libqrencode result and frees it.
public struct TerminalQRCode {
    public enum Failure: Error, CustomStringConvertible {
        case encodingFailed(String)
        public var description: String {
            switch self { case .encodingFailed(let text): "cannot encode '\(text)' as a QR code" }
        }
    }

    /// Dark modules, row by row.
    public let modules: [[Bool]]

    public init(_ text: String) throws {
        guard let code = QRcode_encodeString(text, 0, QR_ECLEVEL_L, QR_MODE_8, 1) else {
            throw Failure.encodingFailed(text)
        }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        let data = code.pointee.data!
        modules = (0..<width).map { y in (0..<width).map { x in data[y * width + x] & 1 == 1 } }
    }

    /// Dark on light with a quiet zone of two modules, for a terminal with a dark background
    /// (the light modules are drawn, the dark ones left blank).
    public func rendered() -> String {
        let quiet = 2
        let size = modules.count + 2 * quiet
        func dark(_ x: Int, _ y: Int) -> Bool {
            let (mx, my) = (x - quiet, y - quiet)
            guard mx >= 0, my >= 0, mx < modules.count, my < modules.count else { return false }
            return modules[my][mx]
        }
        var lines: [String] = []
        for y in stride(from: 0, to: size, by: 2) {
            var line = ""
            for x in 0..<size {
                let top = !dark(x, y), bottom = y + 1 < size ? !dark(x, y + 1) : false
                line += top && bottom ? "█" : top ? "▀" : bottom ? "▄" : " "
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
