// libFuzzer target: file bytes in, upright pixels or a typed error out, through the real
// ingest checks (`Ingestor.inspect`: sniffing, JPEG completeness, EXIF orientation, hash) and
// the real Leptonica decode (`ImageDecoder.decode`) under a pixel cap.
//
// Built and run by scripts/fuzz.sh (REBUT_FUZZ=1, -sanitize=fuzzer,address).
// Leptonica and the codec libraries are not instrumented, so coverage says little about them;
// `ImageCorruptor` (the custom mutator) therefore damages seed images the way real files get
// damaged — truncated, headers and segment lengths wrong, chunks with valid checksums but
// impossible contents — so every run is a corrupted image, not random noise.

import CLibFuzzer
import Foundation
import Imaging
import Ingest
import RebutCore
#if canImport(Glibc)
import Glibc
#endif

/// Small enough that a mutated header cannot make one run allocate gigabytes, large enough
/// for every seed (the largest fixture is 2480×3508).
let fuzzPixelCap = 9_000_000

/// What the runs came to, printed when libFuzzer exits so the script can report it.
nonisolated(unsafe) var outcomes: [String: Int] = [:]

/// REBUT_FUZZ_ALLOW_STDERR=1 counts decoder output on stderr instead of failing on it, to see
/// past a known one.
let allowStandardError = ProcessInfo.processInfo.environment["REBUT_FUZZ_ALLOW_STDERR"] == "1"

// (Globals above: in main.swift they are set in order, so they must come before this.)
// SwiftPM links an executable's own main in place of libFuzzer's, so this main hands over.
var argumentCount = CommandLine.argc
var argumentValues: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
installReport()
CapturedStandardError.installDeathReport()
exit(LLVMFuzzerRunDriver(&argumentCount, &argumentValues, fuzzImageDecoding))

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzImageDecoding(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    let printed = CapturedStandardError.during {
        outcomes[decodeOutcome(data), default: 0] += 1
    }
    if !printed.isEmpty {
        // C libraries writing to stderr would reach the user's terminal unasked: a finding.
        outcomes["printed to stderr", default: 0] += 1
        if !allowStandardError {
            fail("a decoder printed to stderr: \(printed.prefix(500).debugDescription)")
        }
    }
    return 0
}

/// Runs ingest and decode on one input, checks what comes back, and names the outcome.
func decodeOutcome(_ data: Data) -> String {
    let file: IngestedFile
    do {
        file = try Ingestor().inspect(data, from: URL(fileURLWithPath: "/fuzz/input"))
    } catch {
        return "refused by ingest: \(error.kind)"
    }
    expect((1...8).contains(file.orientation), "EXIF orientation \(file.orientation) is outside 1...8")
    expect(file.sha256.count == 64, "hash \(file.sha256) is not SHA-256 hex")
    do {
        let image = try ImageDecoder.decode(file, maxPixels: fuzzPixelCap)
        expect(image.width > 0 && image.height > 0, "decoded a \(image.width)×\(image.height) image")
        expect(image.width * image.height <= fuzzPixelCap,
               "decoded \(image.width)×\(image.height), over the cap of \(fuzzPixelCap) pixels")
        expect([1, 2, 4, 8, 16, 32].contains(image.depth), "decoded an image of depth \(image.depth)")
        return "decoded \(file.format.rawValue)"
    } catch {
        return "refused by decoder: \(error.kind)"
    }
}

extension ReceiptInputError {
    /// The case without its details, to count outcomes.
    var kind: String {
        switch self {
        case .unreadable: return "unreadable"
        case .empty: return "empty"
        case .notAnImage: return "not an image"
        case .unsupportedFormat: return "unsupported format"
        case .corrupt: return "corrupt"
        case .tooLarge: return "too large"
        case .noText: return "no text"
        }
    }
}

func installReport() {
    atexit {
        let lines = outcomes.sorted { $0.key < $1.key }.map { "  \($0.value)\t\($0.key)" }
        let text = "FuzzImageDecoding outcomes:\n" + lines.joined(separator: "\n") + "\n"
        FileHandle.standardError.write(Data(text.utf8))
    }
}

func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
    guard !condition else { return }
    fail("invariant broken: \(message())")
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("FuzzImageDecoding: \(message)\n".utf8))
    abort()
}

/// Collects what reaches file descriptor 2 during a call: the terminal a user would see.
/// Leptonica and the codec libraries print with the C `stderr` stream; Rebut's `Imaging` keeps
/// that off the terminal, and this checks the result, not the mechanism.
enum CapturedStandardError {
    nonisolated(unsafe) static let capture: Int32 = fileno(tmpfile())
    nonisolated(unsafe) static let terminal: Int32 = dup(2)

    static func during(_ body: () -> Void) -> String {
        fflush(nil)
        ftruncate(capture, 0)
        lseek(capture, 0, SEEK_SET)
        dup2(capture, 2)
        body()
        fflush(nil)
        restoreTerminal()
        let size = Int(lseek(capture, 0, SEEK_END))
        guard size > 0 else { return "" }
        var bytes = [UInt8](repeating: 0, count: min(size, 4096))
        let read = pread(capture, &bytes, bytes.count, 0)
        return String(decoding: bytes.prefix(max(0, read)), as: UTF8.self)
    }

    static func restoreTerminal() { dup2(terminal, 2) }

    /// A sanitizer report printed while descriptor 2 was captured is copied to the terminal.
    static func installDeathReport() {
        _ = terminal
        __sanitizer_set_death_callback {
            CapturedStandardError.restoreTerminal()
            let size = Int(lseek(CapturedStandardError.capture, 0, SEEK_END))
            var bytes = [UInt8](repeating: 0, count: max(0, size))
            let read = pread(CapturedStandardError.capture, &bytes, bytes.count, 0)
            if read > 0 { _ = write(2, bytes, read) }
        }
    }
}
