import Foundation

/// LiveStudio's assets as a SwiftPM resource bundle. This folder is the target: its
/// subfolders and `previews.json` are copied as they are into a bundle beside every
/// executable and test runner that links StudioKit, so a package that depends on LiveStudio
/// by path or by URL finds the assets with no `--assets` and no `LIVESTUDIO_ASSETS`.
/// `AssetLocator` reads the bundle by its folder name rather than through `Bundle.module`,
/// whose accessor stops the process when the bundle is missing.
package enum StudioAssets {
    /// How SwiftPM names the bundle: `<package>_<target>.resources`. The package part is
    /// the manifest's name, which a dependent cannot rename, but matching the suffix alone
    /// keeps the lookup independent of it.
    package static let bundleSuffix = "_StudioAssets.resources"

    /// The bundle in `folder` (an executable's folder), if SwiftPM put one there.
    package static func bundle(in folder: URL) -> URL? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().first { $0.hasSuffix(bundleSuffix) }.map {
            folder.appendingPathComponent($0, isDirectory: true)
        }
    }
}
