import ArgumentParser

struct AuditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "audit", abstract: "(being built)")
    func run() throws { throw ValidationError("studio audit is not available yet") }
}
