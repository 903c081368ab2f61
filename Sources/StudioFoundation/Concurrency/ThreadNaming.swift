#if canImport(Glibc)
import Glibc
#endif

/// Names the calling thread for the system's tools, so that `top -H`, `perf` and `gdb` show
/// "video decode" or "server feed" beside the loop instead of the program's name on every
/// thread. Foundation's `Thread.name` does not reach the system's name on Linux.
package enum ThreadNaming {
    /// Linux keeps at most 15 bytes of a thread's name.
    package static let maxBytes = 15

    package static func nameCurrentThread(_ name: String) {
        #if os(Linux)
        // The thread's own comm file: Swift's Glibc module leaves out pthread_setname_np (a
        // GNU extension), and prctl, which takes variadic arguments, cannot be called from Swift.
        let fd = open("/proc/thread-self/comm", O_WRONLY)
        guard fd >= 0 else { return }
        defer { close(fd) }
        let bytes = Array(name.utf8.prefix(maxBytes))
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        #endif
    }
}
