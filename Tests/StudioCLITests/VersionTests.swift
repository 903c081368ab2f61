import Testing

@testable import StudioCLI

@Suite("studio --version")
struct VersionTests {
    @Test("--version prints the command's name and its version, and exits 0")
    func printsVersion() {
        do {
            _ = try StudioCommand.parseAsRoot(StudioCommand.normalized(arguments: ["--version"]))
            Issue.record("--version parsed as a command instead of printing the version")
        } catch {
            #expect(StudioCommand.fullMessage(for: error) == "studio \(StudioCommand.version)")
            #expect(StudioCommand.exitCode(for: error).rawValue == 0)
        }
    }

    @Test("The version is three dot-separated numbers")
    func versionIsSemantic() {
        let parts = StudioCommand.version.split(separator: ".", omittingEmptySubsequences: false)
        #expect(parts.count == 3)
        #expect(parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) })
    }
}
