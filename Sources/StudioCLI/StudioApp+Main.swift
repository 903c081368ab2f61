import ArgumentParser
import Foundation
import Studios
import Synchronization

extension StudioApp {
    /// The whole `studio` command line (run, snapshot, dump, audit, bench) over `catalogue`:
    /// what an executable of another package calls to get the tools for its own widgets and
    /// kinds.
    ///
    /// ```swift
    /// StudioApp.main(catalogue: .standard + LuckyWheel.catalogue)
    /// ```
    ///
    /// A catalogue that registers a name twice, or lists a room of an unregistered kind, is
    /// refused before any command runs: each problem is printed and the exit status is 1.
    public static func main(catalogue: Catalogue,
                            arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Never {
        let problems = catalogue.problems()
        guard problems.isEmpty else {
            for problem in problems { printError("catalogue: \(problem)") }
            exit(1)
        }
        CommandCatalogue.current = catalogue
        StudioCommand.main(StudioCommand.normalized(arguments: arguments))
        exit(0)
    }
}

/// The catalogue the commands run with: LiveStudio's own unless `StudioApp.main(catalogue:)`
/// set another before parsing. Commands are made by the argument parser, which cannot pass
/// them anything, so they read it from here.
enum CommandCatalogue {
    private static let value = Mutex(Catalogue.standard)

    static var current: Catalogue {
        get { value.withLock { $0 } }
        set { value.withLock { $0 = newValue } }
    }

    /// The kinds, for help texts and errors.
    static var kindList: String { current.kindNames.joined(separator: ", ") }
}
