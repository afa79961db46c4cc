import Foundation
#if canImport(Glibc)
import Glibc
#endif

enum OpenMPGuard {
    /// Re-executes this program with OMP_THREAD_LIMIT=1 unless the variable is already set
    /// (a user who sets it on purpose keeps their value).
    static func ensureSingleThreadedEngines() {
        guard getenv("OMP_THREAD_LIMIT") == nil else { return }
        setenv("OMP_THREAD_LIMIT", "1", 1)
        #if os(Linux)
        execv("/proc/self/exe", CommandLine.unsafeArgv)
        // execv only returns on failure: carry on, slower but correct.
        #endif
    }
}
