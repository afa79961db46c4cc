import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Moves files without ever overwriting one: rename(2) within a filesystem, copy + fsync +
/// unlink across filesystems, and " (2)", " (3)"… before the extension when the name is taken.
enum FileMover {
    /// `name` itself if free, else the first free "stem (n).ext". `alsoTaken` adds names that
    /// count as taken too (a failed file's `.error.txt`).
    static func freeName(for name: String, in directory: URL,
                         alsoTaken: (String) -> [String] = { _ in [] }) -> URL {
        let stem = (name as NSString).deletingPathExtension
        let ext = (name as NSString).pathExtension
        var attempt = 1
        while true {
            let candidate = attempt == 1 ? name
                : ext.isEmpty ? "\(stem) (\(attempt))" : "\(stem) (\(attempt)).\(ext)"
            let taken = ([candidate] + alsoTaken(candidate)).contains { exists(directory.appendingPathComponent($0)) }
            if !taken { return directory.appendingPathComponent(candidate) }
            attempt += 1
        }
    }

    static func exists(_ url: URL) -> Bool {
        var info = stat()
        return lstat(url.path, &info) == 0
    }

    /// Moves `source` to `target`, which the caller has checked is free.
    static func move(_ source: URL, to target: URL) throws(WatchError) {
        try createDirectory(target.deletingLastPathComponent())
        if rename(source.path, target.path) == 0 { return }
        let code = errno
        guard code == EXDEV else { throw .system(call: "rename", path: source.path, errno: code) }
        try copyAcrossFilesystems(source, to: target)
    }

    static func createDirectory(_ url: URL) throws(WatchError) {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw .failed("create the folder", path: url.path, reason: error.localizedDescription)
        }
    }

    /// The copy is flushed and renamed into place before the original goes, so a crash leaves
    /// either the original or both, never neither.
    private static func copyAcrossFilesystems(_ source: URL, to target: URL) throws(WatchError) {
        let temporary = target.deletingLastPathComponent()
            .appendingPathComponent(".\(target.lastPathComponent).rebut-partial")
        let input = open(source.path, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw .system(call: "open", path: source.path, errno: errno) }
        defer { close(input) }
        let output = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard output >= 0 else { throw .system(call: "open", path: temporary.path, errno: errno) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var failure: WatchError?
        copying: while true {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                failure = .system(call: "read", path: source.path, errno: errno)
                break
            }
            var written = 0
            while written < count {
                let n = buffer.withUnsafeBytes { write(output, $0.baseAddress! + written, count - written) }
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = .system(call: "write", path: temporary.path, errno: errno)
                    break copying
                }
                written += n
            }
        }
        if failure == nil, fsync(output) != 0 { failure = .system(call: "fsync", path: temporary.path, errno: errno) }
        close(output)
        if failure == nil, rename(temporary.path, target.path) != 0 {
            failure = .system(call: "rename", path: temporary.path, errno: errno)
        }
        if let failure {
            unlink(temporary.path)
            throw failure
        }
        syncDirectory(target.deletingLastPathComponent())
        guard unlink(source.path) == 0 else { throw .system(call: "unlink", path: source.path, errno: errno) }
    }

    static func syncDirectory(_ url: URL) {
        let fd = open(url.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }
}
