import ArgumentParser

struct DumpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "dump", abstract: "(being built)")
    func run() throws { throw ValidationError("studio dump is not available yet") }
}
