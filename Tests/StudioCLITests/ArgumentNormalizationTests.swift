import Testing

@testable import StudioCLI

@Suite("The command line reads negative numbers as values")
struct ArgumentNormalizationTests {
    @Test("An option followed by a negative number is joined to it, so its range check reports the number")
    func joinsNegativeValues() {
        #expect(StudioCommand.normalized(arguments: ["snapshot", "--frames", "-5"]) == ["snapshot", "--frames=-5"])
        #expect(
            StudioCommand.normalized(arguments: ["snapshot", "--at-time", "-0.5", "--kind", "pk"])
                == ["snapshot", "--at-time=-0.5", "--kind", "pk"])
        #expect(StudioCommand.normalized(arguments: ["snapshot", "--at-time", "-inf"]) == ["snapshot", "--at-time=-inf"])
    }

    @Test("Flags, joined options and everything after -- are left alone")
    func leavesOtherArgumentsAlone() {
        #expect(StudioCommand.normalized(arguments: ["run", "--headless", "-h"]) == ["run", "--headless", "-h"])
        #expect(StudioCommand.normalized(arguments: ["run", "--frames=-1", "-5"]) == ["run", "--frames=-1", "-5"])
        #expect(StudioCommand.normalized(arguments: ["run", "--", "--frames", "-5"]) == ["run", "--", "--frames", "-5"])
    }

    @Test("A negative frame count is refused with the flag's own message, not as a missing value")
    func negativeFramesAreNamed() throws {
        do {
            _ = try StudioCommand.parseAsRoot(StudioCommand.normalized(arguments: ["snapshot", "--frames", "-5", "--out", "x.png"]))
            Issue.record("--frames -5 was accepted")
        } catch {
            let message = StudioCommand.message(for: error)
            #expect(message.contains("--frames"))
            #expect(!message.contains("Missing value"))
        }
    }
}
