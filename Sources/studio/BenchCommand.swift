import ArgumentParser

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "bench", abstract: "(being built)")
    func run() throws { throw ValidationError("studio bench is not available yet") }
}
