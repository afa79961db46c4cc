import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Which files some process has open for writing, read from `/proc/*/fd`.
///
/// inotify only reports writers that open a file after the watch starts; a file already open
/// when the watcher starts (boot, a restart after a crash) or in a polled folder (a network
/// share) shows no event at all. The kernel's own table of open files is the evidence then:
/// a descriptor opened write-only or read-write on the file means its writer is not done.
/// Processes of other users are invisible unless running as root; their files still wait for
/// the settle time.
public enum OpenWriters {
    public struct FileID: Hashable, Sendable {
        public var device: UInt64
        public var inode: UInt64

        public init(device: UInt64, inode: UInt64) {
            self.device = device
            self.inode = inode
        }

        public init(_ snapshot: FileSnapshot) {
            self.init(device: snapshot.device, inode: snapshot.inode)
        }
    }

    /// The files among `candidates` that some process (this one included) has open for writing.
    public static func writing(among candidates: Set<FileID>, procRoot: String = "/proc") -> Set<FileID> {
        guard !candidates.isEmpty, let pids = try? FileManager.default.contentsOfDirectory(atPath: procRoot) else { return [] }
        var found = Set<FileID>()
        for pid in pids where pid.allSatisfy(\.isNumber) {
            let fdDirectory = "\(procRoot)/\(pid)/fd"
            guard let fds = try? FileManager.default.contentsOfDirectory(atPath: fdDirectory) else { continue }
            for fd in fds {
                var info = stat()
                // stat follows the descriptor's link to the open file itself, even one since renamed.
                guard stat("\(fdDirectory)/\(fd)", &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
                let id = FileID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
                guard candidates.contains(id), !found.contains(id),
                      isOpenForWriting(fdinfo: "\(procRoot)/\(pid)/fdinfo/\(fd)") else { continue }
                found.insert(id)
            }
        }
        return found
    }

    /// `flags:` in fdinfo is the open(2) flags in octal; the low two bits are the access mode.
    static func isOpenForWriting(fdinfo path: String) -> Bool {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return false }
        for line in text.split(separator: "\n") where line.hasPrefix("flags:") {
            let octal = line.dropFirst("flags:".count).trimmingCharacters(in: .whitespaces)
            guard let flags = Int(octal, radix: 8) else { return false }
            let mode = flags & Int(O_ACCMODE)
            return mode == Int(O_WRONLY) || mode == Int(O_RDWR)
        }
        return false
    }
}
