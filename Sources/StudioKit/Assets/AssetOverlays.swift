import Foundation
import StudioFoundation

/// Folders of a package's own assets, looked in before the Assets folder a run uses: a
/// package built on LiveStudio ships its images (and `previews.json`) in a folder of its own,
/// and its rooms draw them beside LiveStudio's without copying either. The first folder that
/// has `images/<name>.png` gives the image; LiveStudio's assets give the rest.
///
/// The app adds the folders its catalog lists (`Catalog.assets`) when it starts; they stay
/// for the process, as the catalog does. Without any, an image is found where it always was.
public enum AssetOverlays {
    private static let list = Locked<[String]>([])

    /// Adds `folder` after those already added; adding one twice keeps the first.
    public static func add(_ folder: URL) {
        let path = folder.standardizedFileURL.path
        list.withLock { if !$0.contains(path) { $0.append(path) } }
    }

    /// The folders, in the order they are looked in.
    package static var folders: [String] { list.value }
}

extension ImageRef {
    /// The file this reference names: `images/<name>.png` in the first overlay folder that
    /// has it (see `AssetOverlays`), else in `assets`.
    public func path(inAssets assets: String) -> String {
        let file = "images/\(name).png"
        for folder in AssetOverlays.folders {
            let path = URL(fileURLWithPath: folder).appendingPathComponent(file).path
            if FileManager.default.fileExists(atPath: path) { return path }
        }
        return URL(fileURLWithPath: assets).appendingPathComponent(file).path
    }
}
