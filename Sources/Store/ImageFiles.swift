import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The receipt images under `<store>.images/ab/abcdef….ext`, written so that a crash never
/// leaves a half-written image under a real name: bytes go to a temporary file in the same
/// directory, are flushed to disk, and only then renamed into place (rename is atomic).
struct ImageFiles: Sendable {
    let folder: URL

    static let temporaryPrefix = ".tmp-"

    /// "ab/ab12….jpg": the first two hex digits spread files over 256 directories.
    static func relativePath(sha256: String, extension ext: String) -> String {
        "\(sha256.prefix(2))/\(sha256).\(ext)"
    }

    /// Whether `relativePath` has the shape `relativePath(sha256:extension:)` gives.
    static func isImagePath(_ relativePath: String) -> Bool {
        let parts = relativePath.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 2, let dot = parts[1].firstIndex(of: ".") else { return false }
        let hash = parts[1][..<dot]
        let hex = Set("0123456789abcdef")
        return hash.count == 64 && hash.allSatisfy(hex.contains) && hash.hasPrefix(parts[0])
            && parts[1][dot...].count > 1
    }

    /// Puts the file at `legacy` at `target` too (hard link, else copy); a missing `legacy` or an
    /// existing `target` is left as it is. Never removes anything.
    static func adopt(_ legacy: URL, as target: URL) throws {
        let fm = FileManager.default
        guard fm.fileExists(atPath: legacy.path), !fm.fileExists(atPath: target.path) else { return }
        try fm.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        guard link(legacy.path, target.path) != 0, errno != EEXIST else { return }
        // No hard links here: a copy, renamed into place whole so a crash leaves no half file.
        let partial = target.deletingLastPathComponent().appendingPathComponent(temporaryPrefix + UUID().uuidString)
        try fm.copyItem(at: legacy, to: partial)
        guard rename(partial.path, target.path) == 0 else {
            unlink(partial.path)
            throw StoreError.imageWriteFailed(path: target.path, reason: String(cString: strerror(errno)))
        }
    }

    func url(_ relativePath: String) -> URL {
        folder.appendingPathComponent(relativePath)
    }

    /// Writes and flushes `data` to a temporary file next to where `relativePath` will live.
    func writeTemporary(_ data: Data, for relativePath: String) throws -> URL {
        let final = url(relativePath)
        let directory = final.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw StoreError.imageWriteFailed(path: directory.path, reason: "\(error)")
        }
        let temporary = directory.appendingPathComponent(Self.temporaryPrefix + UUID().uuidString)
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else { throw posixFailure(temporary) }
        var failure: StoreError?
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buffer.count {
                let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = posixFailure(temporary)
                    return
                }
                offset += written
            }
        }
        if failure == nil, fsync(fd) != 0 { failure = posixFailure(temporary) }
        close(fd)
        if let failure {
            unlink(temporary.path)
            throw failure
        }
        return temporary
    }

    /// Renames the temporary file to its final name and flushes the directory entry.
    func moveIntoPlace(_ temporary: URL, as relativePath: String) throws {
        let final = url(relativePath)
        guard rename(temporary.path, final.path) == 0 else { throw posixFailure(final) }
        let directory = open(final.deletingLastPathComponent().path, O_RDONLY)
        if directory >= 0 {
            _ = fsync(directory)
            close(directory)
        }
    }

    func remove(_ url: URL) {
        unlink(url.path)
    }

    func remove(relativePath: String) {
        guard !relativePath.isEmpty else { return }   // a receipt typed in without an image
        unlink(url(relativePath).path)
    }

    private func posixFailure(_ url: URL) -> StoreError {
        .imageWriteFailed(path: url.path, reason: String(cString: strerror(errno)))
    }
}
