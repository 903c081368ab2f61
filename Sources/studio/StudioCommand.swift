import ArgumentParser

@main
struct StudioCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "studio",
        abstract: "LiveStudio: a live-stream studio simulator for testing and profiling the live room page.",
        subcommands: [RunCommand.self, SnapshotCommand.self, DumpCommand.self, AuditCommand.self, BenchCommand.self],
        defaultSubcommand: RunCommand.self
    )
}
