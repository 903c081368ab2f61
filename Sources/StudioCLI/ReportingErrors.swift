import ArgumentParser

/// Runs a command's work so that it fails as every command does: an error is printed as
/// `<tool>: error: …` and the exit status is 1; an `ExitCode` the work chose passes through.
func reportingErrors(_ work: () throws -> Void) throws {
    do {
        try work()
    } catch let error as ExitCode {
        throw error
    } catch {
        printError("\(error)")
        throw ExitCode(1)
    }
}
