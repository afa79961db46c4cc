import CLeptonica
import Foundation

/// Keeps the codec libraries' complaints about damaged files ("libpng error: IHDR: invalid
/// chunk type") off the user's terminal: the error Rebut throws says what went wrong instead.
///
/// libpng, libjpeg and libtiff print to the C `stderr` stream through handlers Leptonica does
/// not let us replace. So once, `stderr` becomes an unbuffered stream that passes everything on
/// to file descriptor 2 — except what a thread writes while it is inside `silenced`, which is
/// dropped. Other threads (Tesseract, logging) print exactly as before, and anything that kept
/// the old `stderr` pointer still works.
public enum DecoderMessages {
    /// Runs `body` with this thread's C `stderr` output dropped.
    public static func silenced<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        _ = installed
        let wasSilenced = isSilenced
        isSilenced = true
        defer { isSilenced = wasSilenced }
        return try body()
    }

    private static let threadKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    private static var isSilenced: Bool {
        get { pthread_getspecific(threadKey) != nil }
        set { pthread_setspecific(threadKey, newValue ? UnsafeRawPointer(bitPattern: 1) : nil) }
    }

    private static let installed: Void = {
        var functions = rebut_stream_functions()
        functions.write = { _, buffer, size in
            guard !DecoderMessages.isSilenced, let buffer else { return size }
            var written = 0
            while written < size {
                let result = Glibc.write(2, buffer + written, size - written)
                if result < 0 { if errno == EINTR { continue }; return written > 0 ? written : -1 }
                written += result
            }
            return size
        }
        guard let stream = rebut_fopencookie(nil, "w", functions) else { return }
        setvbuf(stream, nil, _IONBF, 0)
        fflush(nil)  // whatever the old stream still holds goes out first
        rebut_replace_stderr(stream)
    }()
}
