import Foundation

/// A file written whole or not at all, with every failure reported.
///
/// The bytes go to a temporary file in the target's folder; `finish()` syncs it to disk,
/// checks its size and renames it over the target, so a reader never sees half a file and
/// a failed write leaves the old file (or none) in place. Devices and pipes (`/dev/null`,
/// `/dev/full`, a FIFO) and the names of open files (`/dev/stdout`, `/dev/fd/3`) cannot be
/// renamed over: those are written in place (appended to, for an open file), every write
/// and the close still checked; a FIFO that no program reads is an error, not a wait. A
/// symbolic link is followed when it leads to a file in its own folder, and refused when it
/// leads out of it. Nothing here creates folders: a missing one is reported, so that a mistyped
/// path does not quietly grow a directory tree.
///
/// Any failure removes the temporary file and throws a `FileOutputError` naming the path
/// and the system's reason; after one, `append` and `finish` throw it again.
package final class FileOutput {
    /// The path as given.
    package let path: String
    private let destination: String
    /// Nil when writing in place.
    private let temporary: String?
    private var fd: Int32
    private var written = 0
    private var failure: FileOutputError?
    private var done = false
    /// Set when an `append` failed and the file is kept for `salvage()`.
    private var salvageable = false
    private let keepsWrittenOnFailure: Bool

    /// Opens `path` for writing: a new temporary file next to it, or the device or pipe itself.
    /// - Parameter keepsWrittenOnFailure: a failed `append` leaves the temporary file, so that
    ///   `salvage()` can keep what the appends before it wrote (a recording written as a
    ///   session goes, whose first hour is worth keeping when the disk fills in the second).
    /// - Throws: `FileOutputError` when the folder is missing, the target is a folder, or the
    ///   temporary file cannot be created.
    package init(path: String, keepsWrittenOnFailure: Bool = false) throws {
        self.path = path
        self.keepsWrittenOnFailure = keepsWrittenOnFailure
        switch try Target(path) {
        case .inPlace(let pipe):
            // Opening a pipe for writing waits for a reader, for ever and deaf to signals
            // if none comes; without waiting, a pipe nobody reads is an error now instead.
            let fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC | O_NOCTTY | (pipe ? O_NONBLOCK : 0))
            guard fd >= 0 else {
                if pipe, errno == ENXIO {
                    throw FileOutputError(
                        path: path, reason: "it is a named pipe (FIFO) that no program is reading; start its reader first",
                        fix: .chooseAnother)
                }
                throw FileOutputError(path: path, errno: errno)
            }
            // The reader is there: writes wait for it as any pipe's do.
            if pipe { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) }
            (self.fd, destination, temporary) = (fd, path, nil)
        case .replace(let destination, let folder, let mode):
            let (fd, temporary) = try createTemporary(in: folder, for: destination, mode: mode, path: path)
            (self.fd, self.destination, self.temporary) = (fd, destination, temporary)
        }
    }

    deinit { abandon() }

    /// Writes `bytes` after what was written before; a short write is continued, an
    /// interrupted one retried, and any error ends the file (see `abandon()`).
    package func append(_ bytes: some Collection<UInt8>) throws {
        try ensureOpen()
        let error: Int32? =
            bytes.withContiguousStorageIfAvailable { writeAll(fd, $0) }
            ?? Array(bytes).withUnsafeBufferPointer { writeAll(fd, $0) }
        if let error {
            let failed = FileOutputError(path: path, errno: error)
            guard keepsWrittenOnFailure, temporary != nil else { throw fail(failed) }
            failure = failed
            salvageable = true
            throw failed
        }
        written += bytes.count
    }

    /// Whether `salvage()` can keep what was written: an `append` failed on a file that
    /// `keepsWrittenOnFailure` left in place.
    package var canSalvage: Bool { salvageable }

    /// After an `append` failed (with `keepsWrittenOnFailure`): cuts the file back to what the
    /// appends before it wrote whole, syncs it and renames it over the target. What was
    /// written stays; only the failed append, which the disk could not hold, is lost.
    /// - Returns: the bytes kept.
    /// - Throws: `FileOutputError` when even that cannot be done; the target is then as it was.
    @discardableResult
    package func salvage() throws -> Int {
        guard salvageable, !done, let temporary else { throw failure ?? FileOutputError(path: path, reason: "nothing to salvage") }
        salvageable = false
        // Freeing the failed append's bytes is what makes room for the rest of the work.
        if ftruncate(fd, off_t(written)) != 0 || fsync(fd) != 0 {
            let error = FileOutputError(path: path, errno: errno)
            abandon()
            throw error
        }
        let closed = close(fd)
        fd = -1
        if closed != 0 || rename(temporary, destination) != 0 {
            let error = FileOutputError(path: path, errno: errno)
            abandon()
            throw error
        }
        done = true
        syncFolder(of: destination)
        return written
    }

    /// Syncs the file to disk, checks that it holds every byte written, closes it and renames
    /// it over the target. In place, the sync is skipped where the device or pipe cannot be
    /// synced (`EINVAL`), and the close is still checked.
    /// - Parameter durable: false skips both syncs (the file's and its folder's) and keeps
    ///   the rest, so readers still see the old file or the whole new one: for a file
    ///   rewritten often from a frame loop, where a sync could cost a frame and a power cut
    ///   only loses a state that the next write replaces anyway.
    package func finish(durable: Bool = true) throws {
        try ensureOpen()
        if durable, fsync(fd) != 0, temporary != nil || (errno != EINVAL && errno != EROFS) {
            throw fail(FileOutputError(path: path, errno: errno))
        }
        if temporary != nil {
            var info = stat()
            if fstat(fd, &info) != 0 { throw fail(FileOutputError(path: path, errno: errno)) }
            if Int(info.st_size) != written {
                throw fail(FileOutputError(path: path, reason: "\(written) bytes were written but the file holds \(info.st_size)"))
            }
        }
        let closed = close(fd)
        fd = -1
        if closed != 0 { throw fail(FileOutputError(path: path, errno: errno)) }
        if let temporary {
            if rename(temporary, destination) != 0 { throw fail(FileOutputError(path: path, errno: errno)) }
            if durable { syncFolder(of: destination) }
        }
        done = true
    }

    /// Closes and removes the temporary file, leaving the target as it was. Does nothing
    /// once finished or abandoned.
    package func abandon() {
        guard !done else { return }
        done = true
        if fd >= 0 { close(fd) }
        fd = -1
        if let temporary { unlink(temporary) }
    }

    private func ensureOpen() throws {
        if let failure { throw failure }
        if done { throw FileOutputError(path: path, reason: "the file was already closed") }
    }

    private func fail(_ error: FileOutputError) -> FileOutputError {
        abandon()
        failure = error
        return error
    }

    // MARK: - Whole files

    /// Writes `bytes` as the whole of `path` (see the type's documentation).
    /// - Throws: `FileOutputError` naming `path` and the reason, the target untouched.
    package static func write(_ bytes: some Collection<UInt8>, to path: String, durable: Bool = true) throws {
        let file = try FileOutput(path: path)
        try file.append(bytes)
        try file.finish(durable: durable)
    }

    /// Fails now, with the reason, if `path` could not be written later: its folder is
    /// missing or not a folder, it is a folder itself, or no file can be created in its
    /// folder (tried by creating and removing the temporary file). Lets a command refuse a
    /// bad output path before minutes of work.
    package static func check(_ path: String) throws {
        switch try Target(path) {
        case .inPlace:
            // A pipe's reader is not looked for here: opening and closing the pipe would end
            // a reader that is there. It is looked for when the file is opened.
            if access(path, W_OK) != 0 { throw FileOutputError(path: path, errno: errno) }
        case .replace:
            try FileOutput(path: path).abandon()
        }
    }
}

/// Why a file could not be written: the path, the reason in plain words (the system's own
/// text for a system error, such as "No space left on device"), and the fix where there
/// is one. `naming(_:)` puts the command-line option into the fix.
package struct FileOutputError: Error, Equatable, Sendable, CustomStringConvertible {
    package let path: String
    package let reason: String
    /// The system's error number, when the system gave the reason.
    package let code: Int32?
    fileprivate var fix: Fix = .none
    /// The option that named the path ("--out"), for the fix; "path" when not known.
    package private(set) var option = "path"

    enum Fix: Equatable, Sendable {
        case none, createFolder, chooseAnother, freeSpace
    }

    package init(path: String, reason: String) {
        (self.path, self.reason, code) = (path, reason, nil)
    }

    init(path: String, errno code: Int32) {
        (self.path, self.reason, self.code) = (path, String(cString: strerror(code)), code)
        switch code {
        case ENOSPC, EDQUOT: fix = .freeSpace
        case EACCES, EPERM, EROFS, EISDIR, ENOTDIR, ENAMETOOLONG: fix = .chooseAnother
        default: break
        }
    }

    init(path: String, reason: String, fix: Fix) {
        self.init(path: path, reason: reason)
        self.fix = fix
    }

    /// The same error with `option` ("--out") in its fix.
    package func naming(_ option: String) -> FileOutputError {
        var copy = self
        copy.option = option
        return copy
    }

    package var description: String {
        let text = "cannot write \(path): \(reason)"
        switch fix {
        case .none: return text
        case .createFolder: return text + "; create it or choose another \(option)"
        case .chooseAnother: return text + "; choose another \(option)"
        case .freeSpace: return text + "; free some space or choose another \(option)"
        }
    }
}

// MARK: - System calls
// Free functions, so that the names `write`, `open` and `close` are the system's and not
// a member's.

/// Where the bytes for a path go.
private enum Target {
    /// A device, a pipe, or the name of an already open file: write it directly.
    case inPlace(pipe: Bool)
    /// A regular file, new or existing: write a temporary file in `folder` and rename it to
    /// `destination` (the path with a symbolic link followed, so the link stays a link),
    /// with permissions `mode` (an existing file's, else the usual 0666 less the umask).
    case replace(destination: String, folder: String, mode: mode_t?)

    init(_ path: String) throws {
        guard !path.isEmpty else { throw FileOutputError(path: path, reason: "the path is empty", fix: .chooseAnother) }
        var info = stat()
        if stat(path, &info) == 0 {
            let kind = info.st_mode & S_IFMT
            if kind == S_IFDIR {
                throw FileOutputError(path: path, reason: "it is a folder, not a file", fix: .chooseAnother)
            }
            if namesOpenFile(path) {
                self = .inPlace(pipe: false)
                return
            }
            // A link may be edited through, as editors do, when what it leads to is beside
            // it; one that leads elsewhere would have the command write a file the user
            // never named (a planted link in a shared folder, or a mistake).
            if let link = linkLeadingOut(path) {
                throw FileOutputError(
                    path: path, reason: "it is a symbolic link to \(link), outside its folder; give that path itself",
                    fix: .chooseAnother)
            }
            if kind != S_IFREG {
                self = .inPlace(pipe: kind == S_IFIFO)
                return
            }
            // Replacing by rename would succeed on a file the user may not write: refuse it
            // as writing it in place would.
            if access(path, W_OK) != 0 { throw FileOutputError(path: path, errno: errno) }
            let destination = realPath(path) ?? path
            self = .replace(destination: destination, folder: folder(of: destination), mode: info.st_mode & 0o7777)
            return
        }
        // ENOTDIR: some folder on the way is a file; say which below.
        guard errno == ENOENT || errno == ENOTDIR else { throw FileOutputError(path: path, errno: errno) }
        let parent = folder(of: path)
        var parentInfo = stat()
        if stat(parent, &parentInfo) != 0 {
            if errno == ENOENT {
                throw FileOutputError(path: path, reason: "the folder \(parent) does not exist", fix: .createFolder)
            }
            if errno == ENOTDIR {
                throw FileOutputError(path: path, reason: "\(parent) is not a folder: part of it is a file", fix: .chooseAnother)
            }
            throw FileOutputError(path: path, errno: errno)
        }
        guard parentInfo.st_mode & S_IFMT == S_IFDIR else {
            throw FileOutputError(path: path, reason: "\(parent) is a file, not a folder", fix: .chooseAnother)
        }
        self = .replace(destination: path, folder: parent, mode: nil)
    }
}

/// `/dev/stdout`, `/dev/fd/3`, `/proc/self/fd/1`: another name for a file this process has
/// open (a shell redirection), which must be written through, not replaced.
private func namesOpenFile(_ path: String) -> Bool {
    path == "/dev/stdout" || path == "/dev/stderr" || path.hasPrefix("/dev/fd/")
        || (path.hasPrefix("/proc/") && path.contains("/fd/"))
}

/// Where `path` leads when it is a symbolic link (or passes through one) to something
/// outside the folder the link is in; nil for anything else.
private func linkLeadingOut(_ path: String) -> String? {
    var info = stat()
    guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK,
        let target = realPath(path), let home = realPath(folder(of: path))
    else { return nil }
    return target.hasPrefix(home == "/" ? "/" : home + "/") ? nil : target
}

private func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
}

private func lastComponent(of path: String) -> String {
    path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
}

private func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
}

/// A new file `.<name>.<random>.tmp` beside `destination`, created exclusively.
private func createTemporary(in folder: String, for destination: String, mode: mode_t?, path: String) throws -> (Int32, String) {
    // Leave room in the 255-byte name limit for the prefix and suffix.
    let name = String(decoding: lastComponent(of: destination).utf8.prefix(200), as: UTF8.self)
    for _ in 0..<16 {
        let temporary = "\(folder == "/" ? "" : folder)/.\(name).\(String(UInt64.random(in: 0...UInt64.max), radix: 36)).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        if fd < 0 {
            if errno == EEXIST { continue }
            let code = errno
            throw FileOutputError(
                path: path, reason: "\(String(cString: strerror(code))) (creating a file in \(folder))",
                fix: code == ENOSPC || code == EDQUOT ? .freeSpace : .chooseAnother)
        }
        if let mode, fchmod(fd, mode) != 0 {
            let code = errno
            close(fd)
            unlink(temporary)
            throw FileOutputError(path: path, errno: code)
        }
        return (fd, temporary)
    }
    throw FileOutputError(path: path, reason: "no unused temporary file name in \(folder)")
}

/// Writes the whole buffer; the error number on failure.
private func writeAll(_ fd: Int32, _ buffer: UnsafeBufferPointer<UInt8>) -> Int32? {
    guard var next = buffer.baseAddress else { return nil }
    var left = buffer.count
    while left > 0 {
        let n = write(fd, next, left)
        if n < 0 {
            if errno == EINTR { continue }
            return errno
        }
        // A regular file, device or pipe never accepts nothing without an error; a zero
        // would loop forever, so treat it as the device being full.
        if n == 0 { return ENOSPC }
        next += n
        left -= n
    }
    return nil
}

/// Makes the rename itself survive a power cut. The file is complete and in place already;
/// some file systems refuse to sync a folder, so a failure here is not the file's.
private func syncFolder(of path: String) {
    let fd = open(folder(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { return }
    fsync(fd)
    close(fd)
}
