import Foundation
import StudioKit

/// The studio configurations in force, shared by the session (building studios on the loop
/// thread) and the feed (reading rates on its own thread). Reloading swaps them whole or not
/// at all: a folder with any bad file changes nothing.
public final class ConfigStore: @unchecked Sendable {
    // @unchecked: `current` is only read and written while holding `lock`.
    private let lock = NSLock()
    private var current: [String: StudioConfig]
    public let folder: String
    public let loader: StudioConfigLoader

    /// Loads every configuration in `folder`.
    /// - Throws: the first `ConfigError` (file, key path or line, reason).
    public init(folder: String, loader: StudioConfigLoader = StudioConfigLoader()) throws {
        self.folder = folder
        self.loader = loader
        current = try loader.loadFolder(path: folder)
    }

    public var configs: [String: StudioConfig] {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    /// Reads the folder again. On success the new configurations apply to studios built from
    /// now on (the room on screen keeps the ones it was built with); on failure nothing changes.
    /// - Returns: how many configurations were loaded, or the first error.
    @discardableResult
    public func reload() -> Result<Int, ConfigError> {
        do {
            let fresh = try loader.loadFolder(path: folder)
            lock.lock()
            current = fresh
            lock.unlock()
            return .success(fresh.count)
        } catch {
            return .failure(error)
        }
    }
}
