import Foundation
#if canImport(Glibc)
import Glibc

/// Linux inotify on the watched folder and, recursively, on every input subfolder.
///
/// One background thread blocks in poll(2) on the inotify descriptor and a wake-up pipe, so
/// `stop()` returns promptly. The descriptors are owned here and closed in deinit.
public final class InotifyEventSource: FolderEventSource, @unchecked Sendable {
    private let folder: WatchedFolder
    private let inotifyFD: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let lock = NSLock()
    /// Watch descriptor → directory; touched only by the reader thread once it runs.
    private var directories: [Int32: URL] = [:]
    private var running = false
    /// The reader thread has returned; `stop` waits for it without blocking a thread.
    private var finished = false
    private var waitingForFinish: [CheckedContinuation<Void, Never>] = []

    private static let fileMask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_MODIFY)
    private static let directoryMask = fileMask | UInt32(IN_ONLYDIR | IN_DONT_FOLLOW)

    public init(folder: WatchedFolder) throws(WatchError) {
        self.folder = folder
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { throw .system(call: "inotify_init1", path: folder.root.path, errno: errno) }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            let code = errno
            close(fd)
            throw .system(call: "pipe", path: folder.root.path, errno: code)
        }
        inotifyFD = fd
        wakeRead = ends[0]
        wakeWrite = ends[1]
    }

    deinit {
        close(inotifyFD)
        close(wakeRead)
        close(wakeWrite)
    }

    public func start(_ sink: @escaping @Sendable (FolderChange) -> Void) throws(WatchError) {
        // The root must be watched; subfolders may vanish while we add them.
        let rootWD = inotify_add_watch(inotifyFD, folder.root.path, Self.directoryMask)
        guard rootWD >= 0 else { throw .system(call: "inotify_add_watch", path: folder.root.path, errno: errno) }
        directories[rootWD] = folder.root
        for directory in folder.scan().directories where directory.path != folder.root.path {
            addWatch(directory)
        }
        lock.withLock { running = true }
        let thread = Thread { [self] in
            readLoop(sink)
            let waiters = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
                finished = true
                defer { waitingForFinish = [] }
                return waitingForFinish
            }
            waiters.forEach { $0.resume() }
        }
        thread.name = "rebut.inotify"
        thread.start()
    }

    public func stop() async {
        let wasRunning = lock.withLock { () -> Bool in
            defer { running = false }
            return running
        }
        guard wasRunning else { return }
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
        await withCheckedContinuation { continuation in
            let done = lock.withLock { () -> Bool in
                if !finished { waitingForFinish.append(continuation) }
                return finished
            }
            if done { continuation.resume() }
        }
    }

    private func addWatch(_ directory: URL) {
        let wd = inotify_add_watch(inotifyFD, directory.path, Self.directoryMask)
        if wd >= 0 { directories[wd] = directory }
    }

    private func readLoop(_ sink: @Sendable (FolderChange) -> Void) {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var fds = [pollfd(fd: inotifyFD, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
        while true {
            let ready = poll(&fds, 2, -1)
            if ready < 0 {
                if errno == EINTR { continue }
                sink(.rescanNeeded)
                return
            }
            if fds[1].revents != 0 { return }
            guard fds[0].revents != 0 else { continue }
            while true {
                let count = buffer.withUnsafeMutableBytes { read(inotifyFD, $0.baseAddress, $0.count) }
                if count <= 0 { break }
                parse(buffer, count: count, sink)
            }
        }
    }

    private func parse(_ buffer: [UInt8], count: Int, _ sink: @Sendable (FolderChange) -> Void) {
        let header = MemoryLayout<inotify_event>.size
        buffer.withUnsafeBytes { raw in
            var offset = 0
            while offset + header <= count {
                let wd = raw.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                let mask = raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                let length = Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                let nameBytes = raw[(offset + header)..<min(count, offset + header + length)]
                let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                offset += header + length
                handle(wd: wd, mask: mask, name: name, sink)
            }
        }
    }

    private func handle(wd: Int32, mask: UInt32, name: String, _ sink: @Sendable (FolderChange) -> Void) {
        if mask & UInt32(IN_Q_OVERFLOW) != 0 {
            sink(.rescanNeeded)
            return
        }
        if mask & UInt32(IN_IGNORED) != 0 {
            directories[wd] = nil
            return
        }
        guard let directory = directories[wd], !name.isEmpty else { return }
        let url = directory.appendingPathComponent(name)
        if mask & UInt32(IN_ISDIR) != 0 {
            // A new or moved-in subfolder: watch it, then report what it already holds (files
            // written before the watch existed would otherwise go unseen until the next rescan).
            guard mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0, folder.isInputDirectory(url) else { return }
            addWatch(url)
            let inside = WatchedFolder(root: url).scan()
            for directory in inside.directories where directory.path != url.path && folder.isInputDirectory(directory) {
                addWatch(directory)
            }
            for file in inside.files where folder.isInputFile(file) { sink(.appeared(file)) }
            return
        }
        guard folder.isInputFile(url) else { return }
        if mask & UInt32(IN_CLOSE_WRITE | IN_MOVED_TO) != 0 {
            sink(.completed(url))
        } else if mask & UInt32(IN_CREATE | IN_MODIFY) != 0 {
            sink(.writing(url))
        }
    }
}
#endif
