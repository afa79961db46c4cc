#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why the screen could not be used.
public enum TerminalError: Error, Sendable, Equatable, CustomStringConvertible {
    case notATerminal
    case cannotSetMode(errno: Int32)

    public var description: String {
        switch self {
        case .notATerminal: return "standard input and output are not a terminal"
        case .cannotSetMode(let code): return "cannot switch the terminal to raw mode (errno \(code))"
        }
    }
}

/// What the signal handlers need to put the terminal back: written once before raw mode
/// starts and only read afterwards, from a handler that may only make async-signal-safe calls.
nonisolated(unsafe) private var restoreFileDescriptor: Int32 = -1
nonisolated(unsafe) private var restoreOutputDescriptor: Int32 = -1
nonisolated(unsafe) private var restoreSettings = termios()
/// The bytes that leave the alternate screen, prepared before any handler can run: a handler
/// must not allocate.
nonisolated(unsafe) private var leaveScreenBytes: UnsafeMutableBufferPointer<UInt8> = {
    let bytes = Array(leaveScreen.utf8)
    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
    _ = buffer.initialize(from: bytes)
    return buffer
}()

private let leaveScreen = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

/// SIGTERM/SIGINT/SIGHUP while the screen is up: restore the terminal, then die of the signal as
/// the default action would, so the shell sees the right status.
private func restoreAndReraise(_ number: Int32) {
    if restoreFileDescriptor >= 0 {
        var settings = restoreSettings
        _ = tcsetattr(restoreFileDescriptor, TCSAFLUSH, &settings)
        _ = write(restoreOutputDescriptor, leaveScreenBytes.baseAddress, leaveScreenBytes.count)
    }
    _ = signal(number, SIG_DFL)
    _ = raise(number)
}

/// The controlling terminal in raw mode on the alternate screen: owns the saved settings and
/// restores them in `stop()` (also called from deinit and from the signal handlers).
public final class Terminal {
    public let input: Int32
    public let output: Int32
    private var saved = termios()
    private var active = false
    private var decoder = KeyDecoder()

    public init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) throws(TerminalError) {
        guard isatty(input) == 1, isatty(output) == 1 else { throw .notATerminal }
        self.input = input
        self.output = output
    }

    deinit { stop() }

    /// Raw input (no echo, no line editing, Ctrl-C as a byte), alternate screen, hidden cursor.
    public func start() throws(TerminalError) {
        guard !active else { return }
        guard tcgetattr(input, &saved) == 0 else { throw .cannotSetMode(errno: errno) }
        _ = leaveScreenBytes.count   // initialise the global now, not in a handler
        restoreFileDescriptor = input
        restoreOutputDescriptor = output
        restoreSettings = saved
        var raw = saved
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(input, TCSAFLUSH, &raw) == 0 else { throw .cannotSetMode(errno: errno) }
        active = true
        for sig in [SIGTERM, SIGINT, SIGHUP, SIGQUIT] {
            _ = signal(sig) { restoreAndReraise($0) }
        }
        writeAll("\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J")
    }

    /// Puts everything back as it was; safe to call twice.
    public func stop() {
        guard active else { return }
        active = false
        writeAll(leaveScreen)
        _ = tcsetattr(input, TCSAFLUSH, &saved)
        for sig in [SIGTERM, SIGINT, SIGHUP, SIGQUIT] { _ = signal(sig, SIG_DFL) }
        restoreFileDescriptor = -1
    }

    /// Columns × rows from TIOCGWINSZ; 80×24 when the terminal does not say.
    public func size() -> (width: Int, height: Int) {
        var window = winsize()
        let result = withUnsafeMutablePointer(to: &window) { ioctl(output, UInt(TIOCGWINSZ), $0) }
        guard result == 0, window.ws_col > 0, window.ws_row > 0 else { return (80, 24) }
        return (Int(window.ws_col), Int(window.ws_row))
    }

    /// Replaces the screen with these rows in one write, so a redraw never flickers half-done.
    public func draw(_ rows: [String]) {
        var frame = "\u{1B}[H"
        for (i, row) in rows.enumerated() {
            frame += row + "\u{1B}[0m\u{1B}[K"
            if i < rows.count - 1 { frame += "\r\n" }
        }
        writeAll(frame + "\u{1B}[J")
    }

    public enum Input: Sendable, Equatable {
        case keys([Key])
        /// Nothing arrived within the timeout: a chance to notice a resized window.
        case idle
        /// The terminal went away.
        case closed
    }

    /// Waits up to `timeoutMilliseconds` for input and decodes it.
    public func readKeys(timeoutMilliseconds: Int32) -> Input {
        var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, timeoutMilliseconds)
        if ready == 0 || (ready < 0 && errno == EINTR) { return .idle }
        guard ready > 0 else { return .closed }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
        if count < 0 && (errno == EINTR || errno == EAGAIN) { return .idle }
        guard count > 0 else { return .closed }
        return .keys(decoder.decode(buffer[0..<count]))
    }

    private func writeAll(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(output, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }
}
