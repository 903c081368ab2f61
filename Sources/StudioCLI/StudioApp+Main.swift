import ArgumentParser
import Foundation
@_exported import StudioAppCore
import StudioKit
import Studios

extension StudioApp {
    /// The whole `studio` command line (run, snapshot, dump, audit, bench) over `catalog`:
    /// what an executable of another package calls to get the tools for its own widgets and
    /// kinds.
    ///
    /// ```swift
    /// StudioApp.main(catalog: .standard + LuckyWheel.catalog)
    /// ```
    ///
    /// A catalog that registers a name twice, or lists a room of an unregistered kind, is
    /// refused before any command runs: each problem is printed and the exit status is 1.
    ///
    /// Help, errors and warnings go by `name`, the executable's own unless given, and
    /// `--version` prints `version` (the package's) beside LiveStudio's. `components` run
    /// in every command's app beside the server feed, as the catalog's own do: a package's
    /// feed of its own messages (see `Catalog.components`).
    public static func main(
        catalog: Catalog, components: [@Sendable (StudioDriver) -> IOComponent] = [], name: String? = nil,
        version: String? = nil, arguments: [String] = Array(CommandLine.arguments.dropFirst())
    ) -> Never {
        var catalog = catalog
        catalog.components += components
        ToolName.current = name ?? CommandLine.arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "studio"
        CommandCatalog.appVersion = version
        let problems = catalog.problems()
        guard problems.isEmpty else {
            for problem in problems { printError("catalog: \(problem)") }
            exit(1)
        }
        CommandCatalog.current = catalog
        SignalWatch.unblockWatched()
        StudioCommand.main(StudioCommand.normalized(arguments: arguments))
        exit(0)
    }
}

/// The catalog the commands run with: LiveStudio's own unless `StudioApp.main(catalog:)`
/// set another before parsing. Commands are made by the argument parser, which cannot pass
/// them anything, so they read it from here.
enum CommandCatalog {
    private static let value = Locked(Catalog.standard)

    static var current: Catalog {
        get { value.withLock { $0 } }
        set { value.withLock { $0 = newValue } }
    }

    private static let version = Locked<String?>(nil)

    /// The version of the package whose executable runs (nil for `studio` itself).
    static var appVersion: String? {
        get { version.withLock { $0 } }
        set { version.withLock { $0 = newValue } }
    }

    /// The kinds, for help texts and errors.
    static var kindList: String { current.kindNames.joined(separator: ", ") }
}
