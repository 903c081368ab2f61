import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Standard output and error of in-process work, captured through files: the commands
/// print their results and errors there. The fuzzer's own messages go to `console`, a copy
/// of the original standard error, so they are never captured.
enum OutputCapture {
    /// The standard error the process started with.
    static let console: Int32 = dup(2)

    private static let lock = NSLock()

    /// Writes `text` to the original standard error, whatever is being captured.
    static func say(_ text: String) {
        let bytes = Array((text + "\n").utf8)
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = write(console, raw.baseAddress! + offset, raw.count - offset)
                if n <= 0 { break }
                offset += n
            }
        }
    }

    /// Runs `body` with file descriptors 1 and 2 sent to files in `folder`; returns what it
    /// printed. Output of other threads in those moments is captured too: error lines not
    /// starting with "studio:" are passed on to the console afterwards.
    static func run(in folder: URL, passOn: Bool = true, _ body: () -> Void) -> (stdout: String, stderr: String) {
        _ = console
        // One capture at a time in the process: two would restore each other's descriptors.
        lock.lock()
        defer { lock.unlock() }
        let paths = [folder.appendingPathComponent("stdout.txt").path, folder.appendingPathComponent("stderr.txt").path]
        var files: [Int32] = [], saved: [Int32] = []
        fflush(nil)
        for (fd, path) in zip([Int32(1), 2], paths) {
            files.append(open(path, O_RDWR | O_CREAT | O_TRUNC, 0o644))
            saved.append(dup(fd))
            if files.last! >= 0 { dup2(files.last!, fd) }
        }
        body()
        fflush(nil)
        for (fd, copy) in zip([Int32(1), 2], saved) {
            dup2(copy, fd)
            close(copy)
        }
        // Read back through the descriptors: Foundation's file reading leaks a buffer on
        // every empty file, and most captures are empty.
        let texts = files.map { file -> String in
            guard file >= 0 else { return "" }
            defer { close(file) }
            var bytes: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 1 << 16)
            lseek(file, 0, SEEK_SET)
            while case let n = read(file, &chunk, chunk.count), n > 0 { bytes += chunk[..<n] }
            return String(decoding: bytes, as: UTF8.self)
        }
        // Another thread's lines (a test runner's progress, say) go on to the console.
        if passOn { for line in texts[1].split(separator: "\n") where !line.hasPrefix("studio:") { say(String(line)) } }
        return (texts[0], texts[1])
    }
}
