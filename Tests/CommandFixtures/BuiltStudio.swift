import Foundation

/// Where the tests that run LiveStudio as a user does find it: the built `studio`, the
/// repository's Assets and tools, and Xvfb.
package enum BuiltStudio {
    /// The repository's root, from this file's place in it.
    package static var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// The repository's Assets folder.
    package static var assets: String { repository.appendingPathComponent("Assets").path }

    /// `.build/<triple>/debug/studio`, next to the test bundle that `swift test` runs.
    package static var binary: URL {
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        // On Linux the test runner is `<bin>/<Package>PackageTests.xctest`; on macOS the
        // runner lives elsewhere, so walk up until a `studio` binary appears.
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("studio")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("studio")
    }

    /// `Tests/Tools/xvfb-run-own`: `xvfb-run -a -s ARGS command...`, with the display number
    /// chosen by Xvfb itself, so that the windows tests start at once never share a display
    /// (the script says why xvfb-run's choice can). Nil where Xvfb is not installed.
    package static let xvfbRun: String? =
        ["/usr/bin/Xvfb", "/bin/Xvfb"].contains { FileManager.default.isExecutableFile(atPath: $0) }
        ? repository.appendingPathComponent("Tests/Tools/xvfb-run-own").path : nil
}
