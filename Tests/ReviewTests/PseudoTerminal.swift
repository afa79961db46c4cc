import Foundation
#if canImport(Glibc)
import Glibc
#endif

struct PTYError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}

/// A pseudo-terminal pair with the built `rebut` running on its slave side, as in a real
/// terminal emulator: the test reads the screen from the master and types into it.
final class PseudoTerminal: @unchecked Sendable {
    let master: Int32
    let slavePath: String
    private(set) var output: [UInt8] = []
    let process = Process()

    /// Everything the program wrote, escape sequences removed.
    var screenText: String { Self.strip(output[...]) }

    init(width: UInt16 = 80, height: UInt16 = 24) throws {
        master = PTYCalls.posixOpenpt(O_RDWR | O_NOCTTY)
        guard master >= 0 else { throw PTYError("posix_openpt failed: errno \(errno)") }
        guard PTYCalls.grantpt(master) == 0, PTYCalls.unlockpt(master) == 0 else {
            close(master)
            throw PTYError("grantpt/unlockpt failed: errno \(errno)")
        }
        var name = [CChar](repeating: 0, count: 128)
        guard PTYCalls.ptsnameR(master, &name, name.count) == 0 else {
            close(master)
            throw PTYError("ptsname_r failed: errno \(errno)")
        }
        slavePath = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        try resize(width: width, height: height)
    }

    deinit {
        if process.isRunning { process.terminate() }
        close(master)
    }

    func resize(width: UInt16, height: UInt16) throws {
        var size = winsize(ws_row: height, ws_col: width, ws_xpixel: 0, ws_ypixel: 0)
        guard withUnsafeMutablePointer(to: &size, { ioctl(master, UInt(TIOCSWINSZ), $0) }) == 0 else {
            throw PTYError("TIOCSWINSZ failed: errno \(errno)")
        }
    }

    /// Starts the program with the slave as its stdin, stdout and stderr.
    func run(_ executable: URL, _ arguments: [String], environment: [String: String]) throws {
        let slave = open(slavePath, O_RDWR | O_NOCTTY)
        guard slave >= 0 else { throw PTYError("cannot open \(slavePath): errno \(errno)") }
        let handle = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        process.standardInput = handle
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        // Only the child holds the slave now, so the master reads EIO once it exits.
        try handle.close()
    }

    func send(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            if n < 0 { if errno == EINTR { continue }; return }
            bytes = bytes.dropFirst(n)
        }
    }

    /// Reads whatever is available within `milliseconds`; false once the slave side is closed.
    @discardableResult
    func pump(milliseconds: Int32 = 100) -> Bool {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, milliseconds)
        guard ready > 0 else { return ready == 0 || errno == EINTR }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
        guard n > 0 else { return false }
        output += buffer[0..<n]
        return true
    }

    /// A mark to wait from: text that appears after it was drawn after the mark.
    var mark: Int { output.count }

    /// Reads until `text` appears in what was written after `mark`. The deadline is only a
    /// guard against a hung program; nothing here measures how long the program took.
    func waitFor(_ text: String, after mark: Int = 0, deadline seconds: Double = 60) throws {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if Self.strip(output[min(mark, output.count)...]).contains(text) { return }
            if !pump() {
                if Self.strip(output[min(mark, output.count)...]).contains(text) { return }
                break
            }
        }
        throw PTYError("the screen never showed “\(text)”; it showed:\n" + Self.strip(output[min(mark, output.count)...]).suffix(3000))
    }

    /// Keeps draining the screen until the program exits; returns its exit status.
    func waitForExit(deadline seconds: Double = 60) throws -> Int32 {
        let end = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < end { _ = pump(milliseconds: 50) }
        guard !process.isRunning else {
            process.terminate()
            throw PTYError("rebut review did not exit; screen:\n" + screenText.suffix(3000))
        }
        while pump(milliseconds: 10), output.count < 10_000_000 {}   // the last words before exit
        return process.terminationStatus
    }

    /// The slave's current settings, read through a fresh descriptor.
    func slaveSettings() throws -> termios {
        let fd = open(slavePath, O_RDWR | O_NOCTTY)
        guard fd >= 0 else { throw PTYError("cannot open \(slavePath)") }
        defer { close(fd) }
        var settings = termios()
        guard tcgetattr(fd, &settings) == 0 else { throw PTYError("tcgetattr failed") }
        return settings
    }

    static func strip(_ bytes: ArraySlice<UInt8>) -> String {
        var out = ""
        var inEscape = false
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            if inEscape {
                if (0x40...0x7E).contains(scalar.value) && scalar != "[" { inEscape = false }
                continue
            }
            if scalar == "\u{1B}" { inEscape = true; continue }
            out.unicodeScalars.append(scalar)
        }
        return out
    }
}

/// glibc declares the pty calls only under _XOPEN_SOURCE, which the Glibc module does not
/// define, so they are looked up in the C library by name.
enum PTYCalls {
    private static func function<T>(_ name: String, as type: T.Type) -> T {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else {   // RTLD_DEFAULT
            fatalError("the C library has no \(name)")
        }
        return unsafeBitCast(symbol, to: type)
    }

    static let posixOpenpt = function("posix_openpt", as: (@convention(c) (Int32) -> Int32).self)
    static let grantpt = function("grantpt", as: (@convention(c) (Int32) -> Int32).self)
    static let unlockpt = function("unlockpt", as: (@convention(c) (Int32) -> Int32).self)
    static let ptsnameR = function("ptsname_r",
                                   as: (@convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32).self)
}

/// The executable SwiftPM built beside this test bundle (as Tests/CLITests/RebutBinary.swift finds it).
enum RebutExecutable {
    static let url: URL = {
        let products = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var dir = products.deletingLastPathComponent()
        while dir.path != "/" {
            let candidate = dir.appendingPathComponent("rebut")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug/rebut")
    }()

    static func environment() -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm"
        environment["OMP_THREAD_LIMIT"] = "1"
        environment.removeValue(forKey: "REBUT_STORE")
        return environment
    }
}
