import Foundation
import StudioKit
import Studios

/// `studio: warning: <file>: <error>; this file is skipped` for each bad configuration file:
/// the command goes on with the other kinds, and the user learns which file to fix.
func warnSkipped(_ problems: [ConfigError]) {
    for problem in problems { printWarning("\(problem); this file is skipped") }
}

/// Warns about the bad configuration files of `assets` before a command that builds its app
/// out of reach (the bench); the file of `kind` itself is left to fail the command with its
/// error. The folder's own errors are left to the app too.
func warnSkippedConfigs(assets: URL, except kind: RoomKind) {
    let folder = StudioConfigLoader.studiosFolder(inAssets: assets).path
    guard let loaded = try? CommandCatalog.current.loader.loadEach(path: folder) else { return }
    let own = loaded.problem(forKind: kind)
    warnSkipped(loaded.problems.filter { $0 != own })
}
