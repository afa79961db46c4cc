import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One watcher per folder: two would race to file and move the same files. An flock(2) on
/// a hidden file in the folder; the kernel releases it when the process dies, even by kill -9.
final class SingleInstanceLock {
    static let fileName = ".rebut-watch.lock"
    private let fd: Int32

    init(folder: URL) throws(WatchError) {
        let path = folder.appendingPathComponent(Self.fileName).path
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .system(call: "open", path: path, errno: errno) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            close(fd)
            if code == EWOULDBLOCK { throw .alreadyWatched(folder.path) }
            throw .system(call: "flock", path: path, errno: code)
        }
        self.fd = fd
    }

    deinit { close(fd) }
}
