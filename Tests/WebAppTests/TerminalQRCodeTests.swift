import Testing
import WebApp

/// libqrencode through its Swift owner: a real QR code with its three finder patterns.
@Suite struct TerminalQRCodeTests {
    @Test func anAddressBecomesAQRCodeWithFinderPatterns() throws {
        let code = try TerminalQRCode("http://192.168.1.20:8080/upload")
        let size = code.modules.count
        #expect(size >= 21 && (size - 17) % 4 == 0)   // versions 1…40 are 21, 25, 29… modules wide
        for (x, y) in [(0, 0), (size - 7, 0), (0, size - 7)] {
            #expect((0..<7).allSatisfy { code.modules[y][x + $0] && code.modules[y + 6][x + $0] })   // dark ring
            #expect((1..<6).allSatisfy { !code.modules[y + 1][x + $0] })                            // light ring
            #expect(code.modules[y + 3][x + 3])                                                      // dark centre
        }
        let rendered = code.rendered().split(separator: "\n")
        #expect(rendered.count == (size + 4 + 1) / 2)
        #expect(rendered.allSatisfy { $0.count == size + 4 })
    }
}
