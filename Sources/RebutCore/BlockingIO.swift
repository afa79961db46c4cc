import Dispatch

/// Blocking work (SQLite transactions with their busy wait, fsync, reading a 64 MiB file, moving
/// files) done off Swift's cooperative pool: that pool has one thread per core, and a thread
/// parked in a system call there stalls every task queued behind it.
public enum BlockingIO {
    /// libdispatch gives a concurrent queue more threads when its threads block; the
    /// cooperative pool never does.
    private static let queue = DispatchQueue(label: "rebut.blocking-io", qos: .utility, attributes: .concurrent)

    /// Runs `work` on the blocking-I/O queue and resumes the caller when it is done.
    public static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try work() }) }
        }
    }

    /// True when the calling code runs as part of a Swift task (on the cooperative pool or the
    /// main actor): a blocking call here holds a thread that tasks need.
    public static var isInsideTask: Bool {
        withUnsafeCurrentTask { $0 != nil }
    }
}
