import Foundation
import Imaging
import Ingest
import RebutCore
import RebutTestSupport
import Testing

/// Damaged files the image fuzzer (scripts/fuzz.sh, Fuzz/FuzzImageDecoding) found printing to
/// the terminal: the decoder must refuse them with a typed error and print nothing.
@Suite(.serialized) struct DecoderMessagesTests {
    /// A TIFF whose strip runs past the end: Leptonica's in-memory reader printed
    /// "Bad file: amount too big: 2" past its own message severity.
    static let tiffStripPastTheEnd = Data(base64Encoded: """
        SUkqAN4AAAAmoHg1SDcfEgWD5GOOJDXHxyG05oIuHjLw8FcVZVhUEU8Egin2ECoIISMtuBBFx4f+PWMIF9KECf/+hfpD//8EC5T6\
        RTgiP/02KTWIwgMBAwABAAAABAAAAAYBAwABAAAAAQAAABEBBAABAAAACAAAABYBAwABAAAAQAAAABcBEAABAAAA1gAAABwBAwAB\
        AAAAAQAAAAAAOgA=
        """.replacingOccurrences(of: "\n", with: "").replacingOccurrences(of: " ", with: ""))!

    @Test func damagedTIFFIsRefusedSilently() throws {
        let printed = try decodeCapturingTerminal(Self.tiffStripPastTheEnd, as: .tiff)
        #expect(!printed.contains("amount too big"), "\(printed)")
        // Its directory chain runs past the end too: ingest refuses it before any decoder.
        #expect(throws: ReceiptInputError.self) { try Ingestor().inspect(Self.tiffStripPastTheEnd, from: URL(fileURLWithPath: "/damaged")) }
    }

    /// A PNG whose IHDR chunk type is damaged: libpng printed "libpng error: I\u{FC}DR: invalid
    /// chunk type" through its default handler, which Leptonica does not replace.
    @Test func damagedPNGIsRefusedSilently() throws {
        var png = try Data(contentsOf: Fixtures.url("formats/receipt.png"))
        png[13] = 0xFC
        let printed = try decodeCapturingTerminal(png, as: .png)
        #expect(!printed.contains("libpng"), "\(printed)")
    }

    /// Decodes `bytes` as `format`, past ingest's own checks (the decoder must be silent even on
    /// what ingest would refuse), expecting a corrupt-image error, and returns what reached file
    /// descriptor 2 meanwhile.
    func decodeCapturingTerminal(_ bytes: Data, as format: ImageFormat) throws -> String {
        let file = IngestedFile(url: URL(fileURLWithPath: "/damaged"), data: bytes, sha256: Ingestor.sha256Hex(bytes),
                                format: format, orientation: 1)
        let capture = try #require(tmpfile())
        let terminal = dup(2)
        fflush(nil)
        dup2(fileno(capture), 2)
        let result = Result { () throws(ReceiptInputError) in try ImageDecoder.decode(file, maxPixels: 10_000_000) }
        fflush(nil)
        dup2(terminal, 2)
        close(terminal)
        defer { fclose(capture) }
        switch result {
        case .success: Issue.record("a damaged image decoded")
        case .failure(let error):
            guard case .corrupt = error else { Issue.record("expected a corrupt-image error, got \(error)"); break }
        }
        let size = Int(lseek(fileno(capture), 0, SEEK_END))
        var text = [UInt8](repeating: 0, count: max(0, size))
        _ = pread(fileno(capture), &text, text.count, 0)
        return String(decoding: text, as: UTF8.self)
    }
}
