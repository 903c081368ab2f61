import ArgumentParser
import StudioKit

/// The `studio` command line: run, snapshot, dump, audit and bench. It lives in a library so
/// that tests and the fuzzer can drive the same entry points in-process that the executable
/// uses, and so that another package's executable gets all of it through
/// `StudioApp.main(catalog:)`.
package struct StudioCommand: ParsableCommand {
    /// LiveStudio's version, as `studio --version` prints it after the command's name.
    package static let version = "0.11.1"

    /// The version line `--version` prints: `studio 0.11.1`, or for another package's
    /// executable its own name and version with LiveStudio's (`lucky-studio 1.2.0 (LiveStudio
    /// 0.11.1)`), as `StudioApp.main` set them.
    static var versionLine: String {
        let name = ToolName.current
        if name == "studio", CommandCatalog.appVersion == nil { return "studio \(version)" }
        return [name, CommandCatalog.appVersion].compactMap { $0 }.joined(separator: " ") + " (LiveStudio \(version))"
    }

    package static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: ToolName.current,
            abstract: "LiveStudio: a live-stream studio simulator for testing and profiling the live room page.",
            version: versionLine,
            subcommands: [
                RunCommand.self, SnapshotCommand.self, DumpCommand.self, AuditCommand.self, BenchCommand.self,
                RecordCommand.self, PreviewCommand.self, GalleryCommand.self, ServeCommand.self, ReviewCommand.self,
            ],
            defaultSubcommand: RunCommand.self
        )
    }

    package init() {}

    /// Joins an option and a negative number that follows it (`--frames -5` becomes
    /// `--frames=-5`). ArgumentParser reads `-5` as a short flag and would report the option
    /// as missing its value; joined, the option's own range check names the real problem.
    package static func normalized(arguments: [String]) -> [String] {
        var result: [String] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            let next = arguments.index(after: index)
            if argument == "--" {
                result.append(contentsOf: arguments[index...])
                break
            }
            if argument.hasPrefix("--"), !argument.contains("="), next < arguments.endIndex,
                looksNegativeNumber(arguments[next])
            {
                result.append("\(argument)=\(arguments[next])")
                index = arguments.index(after: next)
                continue
            }
            result.append(argument)
            index = next
        }
        return result
    }

    /// A leading minus followed by a digit or a dot, or one of the words a Double parses
    /// (`-inf`, `-nan`, `-infinity`), so that range checks see them too.
    static func looksNegativeNumber(_ text: String) -> Bool {
        guard text.hasPrefix("-"), text.count > 1 else { return false }
        let rest = text.dropFirst()
        if let first = rest.first, first.isNumber || first == "." { return true }
        return ["inf", "infinity", "nan"].contains(rest.lowercased())
    }
}
