import Foundation

/// Plain words for why a file cannot be read, for errors that name the file: "no such file",
/// "is a folder, not a file", "is a named pipe (FIFO), not a file", or the system's own
/// reason ("Permission denied"), rather than a Foundation error dump.
///
/// Every file LiveStudio reads (danmaku files, recordings, scenarios, videos, baselines,
/// configurations, images) is read from its start to its end, some of them more than once,
/// so only a regular file will do. A named pipe with no writer would block the open for
/// ever, and a device never ends or cannot be read at all: they are refused here, before
/// anything opens them, and the check itself never blocks.
public enum FileProblem {
    /// Why `path` cannot be read as `what` ("the scenario"), with the fix where there is one.
    package static func describe(path: String, reading what: String) -> String {
        reason(path: path).map { "cannot read \(what): \($0)" } ?? "cannot read \(what)"
    }

    /// Why `path` cannot be opened for reading as a regular file, in those words ("no such
    /// file (check the path)"), or nil when it can; for errors that say the rest themselves.
    public static func reason(path: String) -> String? {
        if path.isEmpty { return "the path is empty; give the path of a file" }
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT || errno == ENOTDIR {
                let from = path.hasPrefix("/") ? "" : "; relative paths start at \(FileManager.default.currentDirectoryPath)"
                return "no such file (check the path\(from))"
            }
            return String(cString: strerror(errno))
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return "it is a folder, not a file"
        case S_IFIFO:
            return "it is a named pipe (FIFO), not a file; save what it carries to a file and give that"
        case S_IFCHR, S_IFBLK: return "it is a device, not a file; give a regular file"
        case S_IFSOCK: return "it is a socket, not a file; give a regular file"
        default: return "it is not a regular file; give a regular file"
        }
        // Not blocking, whatever the path turns into between the check and the open.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return String(cString: strerror(errno)) }
        close(fd)
        return nil
    }

    /// Why `path`, after every symbolic link is followed, is not inside `folder` (the words
    /// for a path a configuration gives under Assets), or nil when it is inside.
    public static func outside(_ path: String, folder: String) -> String? {
        let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
        let root = URL(fileURLWithPath: folder).resolvingSymlinksInPath().standardizedFileURL.path
        guard real != root, !real.hasPrefix(root.hasSuffix("/") ? root : root + "/") else { return nil }
        return "it leads outside the Assets folder \(folder) (to \(real)); a configuration's files must be inside it"
    }
}
