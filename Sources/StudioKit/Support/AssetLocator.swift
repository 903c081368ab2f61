import Foundation

/// Finds the `Assets/` folder: an explicit path first, then `$LIVESTUDIO_ASSETS`, then
/// `./Assets`, then `Assets/` in a parent of the executable's folder (so
/// `.build/debug/studio` finds the checkout's assets from any working directory).
public enum AssetLocator {
    public struct NotFound: Error, CustomStringConvertible {
        public let tried: [String]
        public var description: String {
            "cannot find the Assets folder (tried: \(tried.joined(separator: ", "))); "
                + "run from the LiveStudio checkout, or pass --assets DIR, or set LIVESTUDIO_ASSETS"
        }
    }

    public static func locate(explicit: String? = nil, executable: String = CommandLine.arguments[0]) throws -> URL {
        var tried: [String] = []
        func check(_ path: String) -> URL? {
            let url = URL(fileURLWithPath: path).standardizedFileURL
            tried.append(url.path)
            var isDir: ObjCBool = false
            let ok = FileManager.default.fileExists(atPath: url.appendingPathComponent("images").path, isDirectory: &isDir)
            return ok && isDir.boolValue ? url : nil
        }
        if let explicit {
            // An explicit path is the user's word: do not fall back to another folder.
            if let url = check(explicit) { return url }
            throw NotFound(tried: tried)
        }
        if let env = ProcessInfo.processInfo.environment["LIVESTUDIO_ASSETS"], let url = check(env) { return url }
        if let url = check(FileManager.default.currentDirectoryPath + "/Assets") { return url }
        var dir = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            if let url = check(dir.appendingPathComponent("Assets").path) { return url }
            dir = dir.deletingLastPathComponent()
        }
        throw NotFound(tried: tried)
    }
}
