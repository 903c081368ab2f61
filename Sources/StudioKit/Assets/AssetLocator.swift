import Foundation
import StudioAssets
import StudioFoundation

/// Finds the `Assets/` folder. Two things override the default, and only they: `--assets`
/// (the explicit path) and `$LIVESTUDIO_ASSETS`; either is the user's word, so a path that
/// is not an Assets folder is an error, not a reason to look elsewhere. With neither, it
/// looks, in this order:
///
/// 1. in the LiveStudio checkout the executable was built in, found in a parent of its
///    folder (so `.build/debug/studio` reads the checkout's files as they are edited, from
///    any working directory);
/// 2. in the resource bundle SwiftPM copies beside every executable and test runner that
///    links StudioKit: how a package depending on LiveStudio, by path or by URL, finds them;
/// 3. in `../share/livestudio/Assets` beside the executable, where `make install` puts them.
///
/// A folder named `Assets` in the working directory is not picked up by itself: it once
/// silently replaced the checkout's, with another title and docker and no word said. When
/// one is there and another is used, `locate` says so, and how to use it.
public enum AssetLocator {
    public struct NotFound: Error, CustomStringConvertible {
        package let tried: [String]
        /// What pointed at the folder: "--assets", "LIVESTUDIO_ASSETS" or nil (the default).
        package var source: String? = nil
        public var description: String {
            if let source {
                return "\(source) \(tried.last ?? ""): not an Assets folder (it has no images/ folder); "
                    + "give the Assets folder of a LiveStudio checkout"
            }
            return "cannot find the Assets folder (tried: \(tried.joined(separator: ", "))); "
                + "rebuild so SwiftPM copies LiveStudio's resource bundle beside the executable, "
                + "pass --assets DIR, or set LIVESTUDIO_ASSETS"
        }
    }

    /// A default candidate that is an Assets folder but lacks what every room needs: a
    /// bundle copied in part, or an install that a disk filled up. Said, with the folder,
    /// rather than failing later on the first missing file.
    package struct Incomplete: Error, CustomStringConvertible {
        public let folder: String
        package let missing: [String]
        package var description: String {
            "the Assets folder \(folder) is incomplete: it has no \(missing.joined(separator: ", ")); "
                + "rebuild (or run make install again) to copy it whole, or pass --assets DIR"
        }
    }

    /// What a default candidate must hold to be taken as LiveStudio's assets. The audience
    /// configuration is LiveStudio's own, so another package's `Assets/` is never taken.
    static let required = ["images", "studios/audience.json", "scenarios", "danmaku", "previews.json"]

    /// The executable's own path with symlinks resolved, so a `studio` linked onto PATH
    /// looks beside the real binary.
    public static var currentExecutable: String {
        (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])).resolvingSymlinksInPath().path
    }

    /// The folder, from `explicit` (`--assets`), `$LIVESTUDIO_ASSETS` or the default places.
    /// `say` hears a line when the folder comes from the environment (which the command line
    /// does not show) or when a `./Assets` is passed over.
    public static func locate(
        explicit: String? = nil, executable: String = AssetLocator.currentExecutable,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        say: (String) -> Void = { ToolName.say($0) }
    )
        throws -> URL
    {
        var tried: [String] = []
        func check(_ path: String) -> URL? {
            let url = URL(fileURLWithPath: path).standardizedFileURL
            tried.append(url.path)
            return isDirectory(url.appendingPathComponent("images")) ? url : nil
        }
        if let explicit {
            if let url = check(explicit) { return url }
            throw NotFound(tried: tried, source: "--assets")
        }
        if let env = environment["LIVESTUDIO_ASSETS"], !env.isEmpty {
            guard let url = check(env) else { throw NotFound(tried: tried, source: "LIVESTUDIO_ASSETS") }
            say("assets from LIVESTUDIO_ASSETS: \(url.path)")
            return url
        }
        let exe = URL(fileURLWithPath: executable).resolvingSymlinksInPath()
        let (found, looked) = try defaultFolder(executable: exe)
        guard let url = found else { throw NotFound(tried: looked) }
        let local = URL(fileURLWithPath: FileManager.default.currentDirectoryPath + "/Assets").standardizedFileURL
        if local.resolvingSymlinksInPath() != url.resolvingSymlinksInPath(), isDirectory(local.appendingPathComponent("images")) {
            say("using LiveStudio's assets \(url.path), not ./Assets; pass --assets ./Assets to use that one")
        }
        return url
    }

    /// The first default place that holds LiveStudio's assets, and every place looked at.
    static func defaultFolder(executable: URL) throws -> (URL?, [String]) {
        var tried: [String] = []
        func take(_ folder: URL) throws -> URL? {
            let url = folder.standardizedFileURL
            tried.append(url.path)
            guard isDirectory(url) else { return nil }
            let missing = required.filter { !FileManager.default.fileExists(atPath: url.appendingPathComponent($0).path) }
            if missing.isEmpty { return url }
            // Only a folder that is LiveStudio's in part is an error; anything else is
            // another program's `Assets/`, and the search goes on.
            if missing.count < required.count, !missing.contains("studios/audience.json") {
                throw Incomplete(folder: url.path, missing: missing)
            }
            return nil
        }
        let folder = executable.deletingLastPathComponent()
        var dir = folder
        for _ in 0..<6 {
            if isCheckout(dir), let url = try take(dir.appendingPathComponent("Assets")) { return (url, tried) }
            dir = dir.deletingLastPathComponent()
        }
        if tried.isEmpty { tried.append("no LiveStudio checkout above \(folder.path)") }
        if let bundle = StudioAssets.bundle(in: folder), let url = try take(bundle) { return (url, tried) }
        if let url = try take(folder.appendingPathComponent("../share/livestudio/Assets")) { return (url, tried) }
        return (nil, tried)
    }

    /// Whether `dir` is a LiveStudio checkout: its Assets folder is the StudioAssets target.
    static func isCheckout(_ dir: URL) -> Bool {
        FileManager.default.fileExists(atPath: dir.appendingPathComponent("Assets/StudioAssets.swift").path)
    }

    static func isDirectory(_ url: URL) -> Bool {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir) && isDir.boolValue
    }
}
