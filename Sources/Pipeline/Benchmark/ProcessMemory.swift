#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// The process's resident memory, as Linux reports it.
///
/// The peak (`VmHWM`) is per process, not per receipt. With one worker it can be reset before
/// each receipt (writing 5 to `/proc/self/clear_refs`), so each receipt gets its own peak. With
/// several workers receipts overlap, so a receipt's figure is only the process's high-water mark
/// when it finished: it says which receipts were in flight when the peak was reached.
public enum ProcessMemory {
    /// Peak resident set of the whole run in MB (`getrusage(RUSAGE_SELF).ru_maxrss`, in KiB on Linux).
    public static func peakRSSMB() -> Double {
        var usage = rusage()
        guard getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 else { return 0 }
        return Double(usage.ru_maxrss) / 1024
    }

    /// The run's peak when the mark may have been reset: the largest of `observed` and today's.
    public static func runPeakMB(observed: [Double]) -> Double {
        max(peakRSSMB(), observed.max() ?? 0)
    }

    /// `VmHWM` from /proc/self/status in MB: the high-water mark since start or the last reset.
    public static func highWaterMarkMB() -> Double? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let kib = line.dropFirst("VmHWM:".count).split(whereSeparator: \.isWhitespace).first.flatMap { Double($0) }
            return kib.map { $0 / 1024 }
        }
        return nil
    }

    /// Resets `VmHWM` to the current resident set; false when the kernel refuses. Linux derives
    /// `ru_maxrss` from the same mark, so after a reset the run's peak is the largest of the
    /// peaks read since (see `runPeakMB`).
    @discardableResult
    public static func resetHighWaterMark() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        do { try handle.write(contentsOf: Data("5".utf8)) } catch { return false }
        return true
    }
}
