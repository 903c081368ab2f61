import Foundation

/// Plain words for why a file cannot be read, for errors that name the file: "no such file",
/// "is a folder, not a file", or the system's own reason ("Permission denied"), rather than a
/// Foundation error dump.
public enum FileProblem {
    /// Why `path` cannot be read as `what` ("the scenario"), with the fix where there is one.
    public static func describe(path: String, reading what: String) -> String {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            return "cannot read \(what): no such file (check the path; relative paths start at \(FileManager.default.currentDirectoryPath))"
        }
        if isFolder.boolValue { return "cannot read \(what): it is a folder, not a file" }
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return "cannot read \(what): \(String(cString: strerror(errno)))" }
        close(fd)
        return "cannot read \(what)"
    }
}
