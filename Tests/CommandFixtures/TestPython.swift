import Foundation
import Testing

/// The Python that runs the tests' browser and protocol clients (Selenium, blivedm): the
/// project's own virtual environment, `.venv`, which `make deps` makes from the python3 first
/// on PATH and fills from `Tests/Tools/requirements.txt`. Whatever interpreter a machine puts
/// first, the tests import exactly the pinned tools.
///
/// A test that needs these tools is skipped only when the registry refused them: `make deps`
/// then leaves pip's reason in `.venv/refused-Tools.txt`, and the skip quotes it. When nothing
/// was tried (no `.venv`, or one made before the pins changed), the test runs and fails,
/// saying to run `make deps`, so that a missing step is never taken for a tool that cannot
/// be had.
package enum TestPython {
    package static let environment = BuiltStudio.repository.appendingPathComponent(".venv")
    package static let executable = environment.appendingPathComponent("bin/python3")
    package static let requirements = BuiltStudio.repository.appendingPathComponent("Tests/Tools/requirements.txt")

    /// pip's reason, when `make deps` tried the pins and the registry refused them.
    package static let refused: String? = {
        let file = environment.appendingPathComponent("refused-Tools.txt")
        guard let text = try? String(contentsOf: file, encoding: .utf8), !text.isEmpty else { return nil }
        return "the registry refused the tests' Python tools (\(file.path)): "
            + text.split(separator: "\n").joined(separator: " ")
    }()

    /// The trait of a test that needs these tools: skipped, quoting pip, when they were refused.
    package static var unlessRefused: ConditionTrait { .enabled(if: refused == nil, Comment(rawValue: refused ?? "")) }

    /// Fails, naming what to do, unless the environment has the pins `make deps` installs and
    /// can import `modules`.
    package static func require(_ modules: [String]) throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: executable.path),
            "no \(executable.path): run `make deps` (make test does), which makes .venv and installs \(requirements.path)")
        let installed = environment.appendingPathComponent("installed-Tools.txt")
        try #require(
            FileManager.default.contentsEqual(atPath: installed.path, andPath: requirements.path),
            "\(environment.path) was filled from other pins than \(requirements.path): run `make deps`")
        let check = try StudioProcess.run(["-c", "import " + modules.joined(separator: ", ")], executable: executable)
        try #require(check.status == 0, "\(executable.path) cannot import \(modules): \(check.stderr)")
    }

    /// Runs `script` with `arguments` in the environment's Python, after `require(modules)`.
    package static func run(_ script: URL, _ arguments: [String], needs modules: [String]) throws -> ProcessResult {
        try require(modules)
        return try StudioProcess.run([script.path] + arguments, executable: executable)
    }
}
