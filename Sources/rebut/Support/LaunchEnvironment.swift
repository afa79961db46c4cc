import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Settings that only take effect when they are in the environment as the process starts:
/// Tesseract's OpenMP runtime and glibc's allocator read them while the program loads, before any
/// Swift code runs. When one is missing the program starts itself again with it (once: the
/// second start finds them all). A value the user set on purpose is kept.
enum LaunchEnvironment {
    /// Without it every engine spawns a thread per core and parallel workers run 3–5× slower.
    static let openMP = (name: "OMP_THREAD_LIMIT", value: "1")

    /// glibc's allocator, told to keep 64 MB free at the top of each heap rather than give it
    /// back, and to back its memory with transparent huge pages. Tesseract allocates and frees
    /// buffers of megabytes for every page it reads; glibc returned them to the system and took
    /// them again, a page fault per 4 KiB, and a second engine in the process (the read-ahead)
    /// contended with the first in the kernel for the same address space. Read alone, a photo
    /// faulted 92,000 times and now 5,000 (1.20 → 0.95 s, the restart included); a clean scan
    /// 0.60 → 0.54 s. A batch of 210 captures on 2 workers: 76 → 68 s, peak RSS 353 → 428 MB.
    static let allocator = (name: "GLIBC_TUNABLES", value: "glibc.malloc.hugetlb=1:glibc.malloc.top_pad=67108864")

    /// The settings' values in this process (unset ones as "unset").
    static var current: [String: String] {
        Dictionary(uniqueKeysWithValues: [openMP, allocator].map { setting in
            (setting.name, getenv(setting.name).map { String(cString: $0) } ?? "unset")
        })
    }

    static func ensure() {
        var added = false
        for setting in [openMP, allocator] where getenv(setting.name) == nil {
            setenv(setting.name, setting.value, 1)
            added = true
        }
        guard added else { return }
        #if os(Linux)
        execv("/proc/self/exe", CommandLine.unsafeArgv)
        // execv only returns on failure: carry on, slower but correct.
        #endif
    }
}
