import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What stat(2) says about a file at one moment: enough to tell whether it changed since.
public struct FileSnapshot: Sendable, Equatable {
    public var device: UInt64
    public var inode: UInt64
    public var size: Int64
    /// Nanoseconds since the epoch: a rewrite within the same second still shows.
    public var modified: Int64
    public var isRegularFile: Bool

    public init(device: UInt64, inode: UInt64, size: Int64, modified: Int64, isRegularFile: Bool = true) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
        self.isRegularFile = isRegularFile
    }

    /// nil when the file is gone (or cannot be stat'ed).
    public init?(_ url: URL) {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        isRegularFile = (info.st_mode & S_IFMT) == S_IFREG
    }

    public var modificationDate: Date {
        Date(timeIntervalSince1970: Double(modified) / 1_000_000_000)
    }
}
