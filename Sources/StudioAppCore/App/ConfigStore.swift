import Foundation
import StudioKit
import Studios

/// The studio configurations in force, shared by the session (building studios on the loop
/// thread) and the feed (reading rates on its own thread). Each file stands alone: a bad file
/// is recorded as a problem and skipped, and the other kinds load. Reloading takes every good
/// file; a bad file changes nothing (its kind keeps the configuration it had).
public final class ConfigStore: Sendable {
    private let current: Locked<StudioConfigFolder>
    public let folder: String
    package let loader: StudioConfigLoader

    /// What a reload took and what it left as it was.
    package struct Reload {
        /// How many configurations were read afresh.
        package let loaded: Int
        /// The bad files, each with its first error; their kinds keep what they had.
        package let skipped: [ConfigError]
    }

    /// Loads every good configuration in `folder`; the bad files are in `problems`.
    /// - Throws: a `ConfigError` for the folder itself (cannot be listed, holds no `*.json`).
    public init(folder: String, loader: StudioConfigLoader = StudioConfigLoader()) throws {
        self.folder = folder
        self.loader = loader
        current = Locked(try loader.loadEach(path: folder))
    }

    package var configs: [RoomKind: StudioConfig] {
        current.withLock { $0.configs }
    }

    /// The bad files of the last load, each with its first error (file, key path or line,
    /// reason).
    public var problems: [ConfigError] {
        current.withLock { $0.problems }
    }

    /// The error of `<kind>.json` when that file is bad and the kind has no configuration,
    /// so that asking for the kind names the file rather than a missing configuration.
    package func problem(forKind kind: RoomKind) -> ConfigError? {
        current.withLock { $0.configs[kind] == nil ? $0.problem(forKind: kind) : nil }
    }

    /// Reads the folder again. The good files apply to studios built from now on (the room
    /// on screen keeps the ones it was built with); a bad file's kind keeps its configuration,
    /// so that a typo never takes a working kind away. A folder that cannot be read changes
    /// nothing.
    /// - Returns: what was loaded and skipped, or the folder's error.
    @discardableResult
    package func reload() -> Result<Reload, ConfigError> {
        do {
            var fresh = try loader.loadEach(path: folder)
            let loaded = fresh.configs.count
            current.withLock { current in
                for problem in fresh.problems {
                    if let kind = StudioConfigLoader.expectedKind(file: problem.file), fresh.configs[kind] == nil {
                        fresh.configs[kind] = current.configs[kind]
                    }
                }
                current = fresh
            }
            return .success(Reload(loaded: loaded, skipped: fresh.problems))
        } catch {
            return .failure(error)
        }
    }
}
