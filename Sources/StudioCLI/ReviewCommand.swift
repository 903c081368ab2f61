import ArgumentParser
import Foundation
import StudioInspection

/// `studio review`: the review page of the goldens the last test run failed, written from
/// what that run kept, whichever way it was run (`make test`, `swift test --filter`, a
/// package's own tests) and however it ended.
struct ReviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "review",
        abstract: "Write the review page of the goldens the last test run failed.",
        discussion: """
            A golden that fails keeps its reference, actual picture, difference, regions and \
            draw items in DIR/golden-review/; the test process writes DIR/golden-review.html \
            from them when it ends. This writes that page again at any time, lists the failed \
            goldens and prints the page's path. DIR is --artifacts, else $SNAPSHOT_ARTIFACTS, \
            else ./artifacts (where `swift test` keeps them, in the package's folder).
            """
    )

    @Option(help: "The artifacts folder of the test run (default: $SNAPSHOT_ARTIFACTS, else ./artifacts).")
    var artifacts: String?

    @Flag(help: "Open the page in the desktop's browser (xdg-open) once written.")
    var open = false

    func run() throws {
        try reportingErrors {
            let folder = URL(
                fileURLWithPath: artifacts ?? ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"].flatMap { $0.isEmpty ? nil : $0 }
                    ?? "artifacts", isDirectory: true
            ).standardizedFileURL
            let kept = GoldenReviewPage.entries(in: folder)
            for path in kept.unreadable { printError("\(path): not a failure entry this version can read; skipped") }
            guard let page = try GoldenReviewPage.write(artifacts: folder) else {
                print("no failed goldens kept in \(GoldenReviewPage.folder(in: folder).path); a test run that fails a golden keeps it there")
                if !kept.unreadable.isEmpty { throw ExitCode(1) }
                return
            }
            print("\(kept.entries.count) failed golden\(kept.entries.count == 1 ? "" : "s"):")
            for entry in kept.entries { print("  \(entry.test) › \(entry.name)  (\(entry.location))") }
            print("review page: \(page.path)")
            if open { try Self.open(page) }
            if !kept.unreadable.isEmpty { throw ExitCode(1) }
        }
    }

    /// Hands the page to the desktop's browser; without a desktop, says how to open it.
    static func open(_ page: URL) throws {
        let environment = ProcessInfo.processInfo.environment
        guard environment["DISPLAY"].map({ !$0.isEmpty }) == true || environment["WAYLAND_DISPLAY"].map({ !$0.isEmpty }) == true
        else { throw ValidationError("--open: no display (DISPLAY is not set); open \(page.path) in a browser") }
        let paths = (environment["PATH"] ?? "/usr/bin").split(separator: ":").map { "\($0)/xdg-open" }
        guard let opener = paths.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw ValidationError("--open: xdg-open is not installed (apt-get install xdg-utils); open \(page.path) in a browser")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: opener)
        process.arguments = [page.path]
        try process.run()
    }
}
