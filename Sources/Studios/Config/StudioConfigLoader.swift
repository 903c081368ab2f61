import Foundation
import StudioDomain
import StudioFeed
import StudioKit
import StudioWidgets

/// Reads studio configurations (`Assets/studios/<kind>.json`) and checks everything before
/// a studio is built: JSON syntax (with the line and column), required keys, value types,
/// unknown keys (listing the valid ones), the kind (registered, and the file's name),
/// gesture actions, levels (finite, >= 0), widget names (listing the catalog), every
/// widget's options (by building the widget once through its `make`), docker buttons, the
/// feed block, and the widgets each studio type requires. Every error is a `ConfigError`
/// naming the file, the key path or line, and what to do about it.
public struct StudioConfigLoader: Sendable {
    public let catalog: WidgetCatalog
    public let types: StudioTypes

    public init(catalog: WidgetCatalog = .standard(), types: StudioTypes = .standard) {
        self.catalog = catalog
        self.types = types
    }

    /// The keys of a configuration file's top-level object.
    public static let topLevelKeys = ["auditExceptions", "conceal", "docker", "feed", "gestures", "kind", "rooms", "title", "widgets"]

    /// `Assets/studios` inside an `Assets` folder.
    package static func studiosFolder(inAssets assets: URL) -> URL {
        assets.appendingPathComponent("studios", isDirectory: true)
    }

    // MARK: Loading

    /// Reads and checks the file at `path`; its kind must be its name (`pk.json` holds `pk`).
    public func load(path: String) throws(ConfigError) -> StudioConfig {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw ConfigError(file: path, reason: "is a folder; pass one <kind>.json file, or load the folder with loadFolder")
        }
        let document = try Self.document(path: path, missing: "studio configurations are Assets/studios/<kind>.json")
        return try check(document.value, reader: StudioConfigReader(file: path, lines: document.lines))
    }

    /// The JSON document of a configuration-like file (a studio configuration, the previews
    /// file), read strictly: a pipe or a device is refused rather than read for ever, and a
    /// syntax error names its line and column. `missing` says where such files belong.
    package static func document(path: String, missing: String) throws(ConfigError) -> ConfigJSONReader.Document {
        let exists = FileManager.default.fileExists(atPath: path)
        if exists, let problem = FileProblem.reason(path: path) { throw ConfigError(file: path, reason: problem) }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigError(
                file: path, reason: exists ? "cannot read the file; check its permissions" : "no such file; \(missing)")
        }
        return try document(bytes: Array(data), file: path)
    }

    /// `bytes` parsed as one JSON document; a syntax error names `file`, its line and column.
    package static func document(bytes: [UInt8], file: String) throws(ConfigError) -> ConfigJSONReader.Document {
        do {
            return try ConfigJSONReader.parse(bytes)
        } catch {
            throw ConfigError(file: file, line: error.line, reason: "invalid JSON at column \(error.column): \(error.reason)")
        }
    }

    /// Reads and checks every `*.json` file of a folder, in name order, all or nothing.
    /// - Returns: the configurations by kind.
    /// - Throws: the first file's first error; `loadEach` keeps the good files instead.
    package func loadFolder(path: String) throws(ConfigError) -> [RoomKind: StudioConfig] {
        let folder = try loadEach(path: path)
        if let first = folder.problems.first { throw first }
        return folder.configs
    }

    /// Reads and checks every `*.json` file of a folder, in name order, one file at a time:
    /// a bad file is recorded and skipped, so that it cannot take the other kinds with it.
    /// - Throws: only for the folder itself (cannot be listed, holds no `*.json`).
    /// A kind registered with its own configuration file (one from another package) is read
    /// from that file when the folder has no `<kind>.json`.
    package func loadEach(path: String) throws(ConfigError) -> StudioConfigFolder {
        var folder = StudioConfigFolder()
        let files = try jsonFiles(in: path)
        let inFolder = Set(files.compactMap(Self.expectedKind(file:)))
        let registered = types.kinds.compactMap { kind in
            inFolder.contains(kind) ? nil : types.registration(for: kind)?.configuration?.path
        }
        for file in files + registered {
            do throws(ConfigError) {
                let config = try load(path: file)
                folder.configs[config.kind] = config
            } catch {
                folder.problems.append(error)
            }
        }
        return folder
    }

    /// Checks every `*.json` file of a folder; returns each file's first error (empty when
    /// every configuration loads).
    package func checkFolder(path: String) -> [ConfigError] {
        do throws(ConfigError) { return try loadEach(path: path).problems } catch { return [error] }
    }

    private func jsonFiles(in folder: String) throws(ConfigError) -> [String] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            throw ConfigError(
                file: folder,
                reason: "cannot list the folder (\(error.localizedDescription)); "
                    + "pass the Assets/studios folder")
        }
        let files = names.filter { $0.hasSuffix(".json") }.sorted()
        guard !files.isEmpty else {
            throw ConfigError(
                file: folder,
                reason: "holds no studio configurations (*.json); expected one per kind: "
                    + types.kinds.joined(separator: ", "))
        }
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        return files.map { base + $0 }
    }

    /// Checks a configuration given as bytes; `file` names it in errors and its base name
    /// (without `.json`) must equal the kind.
    public func load(bytes: [UInt8], file: String) throws(ConfigError) -> StudioConfig {
        let document = try Self.document(bytes: bytes, file: file)
        return try check(document.value, reader: StudioConfigReader(file: file, lines: document.lines))
    }

    /// The kind a file must hold: its name without `.json` and folders.
    package static func expectedKind(file: String) -> RoomKind? {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        guard name.hasSuffix(".json") else { return nil }
        return RoomKind(String(name.dropLast(".json".count)))
    }
}

/// A folder of configurations as `StudioConfigLoader.loadEach` read it: every good file by
/// kind, and each bad file's first error.
public struct StudioConfigFolder: Sendable {
    package var configs: [RoomKind: StudioConfig] = [:]
    /// One per bad file, in name order.
    public var problems: [ConfigError] = []

    public init(configs: [RoomKind: StudioConfig] = [:], problems: [ConfigError] = []) {
        self.configs = configs
        self.problems = problems
    }

    /// The error of the file that should hold `kind` (`<kind>.json`), if that file is bad.
    package func problem(forKind kind: RoomKind) -> ConfigError? {
        problems.first { StudioConfigLoader.expectedKind(file: $0.file) == kind }
    }
}
