import ArgumentParser

struct SnapshotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "snapshot", abstract: "(being built)")
    func run() throws { throw ValidationError("studio snapshot is not available yet") }
}
