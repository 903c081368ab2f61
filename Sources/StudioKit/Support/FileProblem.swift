import Foundation

/// Plain words for why a file cannot be read, for errors that name the file: "no such file",
/// "is a folder, not a file", or the system's own reason ("Permission denied"), rather than a
/// Foundation error dump.
public enum FileProblem {
    /// Why `path` cannot be read as `what` ("the scenario"), with the fix where there is one.
    public static func describe(path: String, reading what: String) -> String {
        reason(path: path).map { "cannot read \(what): \($0)" } ?? "cannot read \(what)"
    }

    /// Why `path` cannot be opened for reading, in those words ("no such file (check the
    /// path)"), or nil when it can; for errors that say the rest themselves.
    public static func reason(path: String) -> String? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            let from = path.hasPrefix("/") ? "" : "; relative paths start at \(FileManager.default.currentDirectoryPath)"
            return "no such file (check the path\(from))"
        }
        if isFolder.boolValue { return "it is a folder, not a file" }
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return String(cString: strerror(errno)) }
        close(fd)
        return nil
    }
}
