import Foundation

/// Finds the `Assets/` folder. Two things override the default, and only they: `--assets`
/// (the explicit path) and `$LIVESTUDIO_ASSETS`; either is the user's word, so a path that
/// is not an Assets folder is an error, not a reason to look elsewhere. The default is the
/// `Assets/` of the checkout the executable was built in, found in a parent of its folder
/// (so `.build/debug/studio` finds it from any working directory), or, for the executable
/// of a package that depends on LiveStudio by URL, LiveStudio's checkout under that
/// package's `.build/checkouts`.
///
/// A folder named `Assets` in the working directory is not picked up by itself: it once
/// silently replaced the checkout's, with another title and docker and no word said. When
/// one is there and another is used, `locate` says so, and how to use it.
public enum AssetLocator {
    public struct NotFound: Error, CustomStringConvertible {
        public let tried: [String]
        /// What pointed at the folder: "--assets", "LIVESTUDIO_ASSETS" or nil (the default).
        public var source: String? = nil
        public var description: String {
            if let source {
                return "\(source) \(tried.last ?? ""): not an Assets folder (it has no images/ folder); "
                    + "give the Assets folder of a LiveStudio checkout"
            }
            return "cannot find the Assets folder (tried: \(tried.joined(separator: ", "))); "
                + "pass --assets DIR, or set LIVESTUDIO_ASSETS"
        }
    }

    /// LiveStudio's `Assets/` where SwiftPM checked it out for a package that depends on it
    /// by URL (`<package>/.build/checkouts/<LiveStudio>/Assets`): the executable of such a
    /// package finds the assets as `studio` does, without `--assets`. A checkout counts only
    /// if its Assets folder has LiveStudio's own audience configuration, so another
    /// dependency's `Assets/` is never taken for it.
    static func dependencyAssets(under dir: URL) -> URL? {
        let checkouts = dir.appendingPathComponent(".build/checkouts")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: checkouts.path)) ?? []
        for name in names.sorted() {
            let assets = checkouts.appendingPathComponent(name).appendingPathComponent("Assets")
            if FileManager.default.fileExists(atPath: assets.appendingPathComponent("studios/audience.json").path),
                FileManager.default.fileExists(atPath: assets.appendingPathComponent("images").path)
            {
                return assets.standardizedFileURL
            }
        }
        return nil
    }

    /// The folder, from `explicit` (`--assets`), `$LIVESTUDIO_ASSETS` or the executable's
    /// checkout. `say` hears a line when the folder comes from the environment (which the
    /// command line does not show) or when a `./Assets` is passed over.
    public static func locate(
        explicit: String? = nil, executable: String = CommandLine.arguments[0],
        environment: [String: String] = ProcessInfo.processInfo.environment,
        say: (String) -> Void = { ToolName.say($0) }
    )
        throws -> URL
    {
        var tried: [String] = []
        func check(_ path: String) -> URL? {
            let url = URL(fileURLWithPath: path).standardizedFileURL
            tried.append(url.path)
            var isDir: ObjCBool = false
            let ok = FileManager.default.fileExists(atPath: url.appendingPathComponent("images").path, isDirectory: &isDir)
            return ok && isDir.boolValue ? url : nil
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
        var dir = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            if let url = check(dir.appendingPathComponent("Assets").path) {
                let local = URL(fileURLWithPath: FileManager.default.currentDirectoryPath + "/Assets").standardizedFileURL
                var isDir: ObjCBool = false
                if local.resolvingSymlinksInPath() != url.resolvingSymlinksInPath(),
                    FileManager.default.fileExists(atPath: local.appendingPathComponent("images").path, isDirectory: &isDir)
                {
                    say("using the checkout's assets \(url.path), not ./Assets; pass --assets ./Assets to use that one")
                }
                return url
            }
            if let url = dependencyAssets(under: dir) { return url }
            dir = dir.deletingLastPathComponent()
        }
        throw NotFound(tried: tried)
    }
}
