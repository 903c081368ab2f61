import StudioKit

/// Files the commands write, each named by an option: checked before any work, so that a
/// bad path is refused before minutes of rendering, and their errors name the option in
/// the fix ("create it or choose another --out").
enum OutputFile {
    /// Refuses `path` now if it could not be written later (see `FileOutput.check`).
    static func check(_ path: String?, _ option: String) throws {
        guard let path else { return }
        try naming(option) { try FileOutput.check(path) }
    }

    /// Runs `body`, putting `option` into the fix of a `FileOutputError` it throws.
    static func naming<T>(_ option: String, _ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as FileOutputError { throw error.naming(option) }
    }
}

/// `run --record`: the input recording, written line by line into a temporary file as the
/// session goes and renamed into place when it ends. A failed write (a full disk) stops the
/// recording with one warning and the session goes on; `finish()` then keeps the lines
/// written before it, whole, and still throws, so the command does not exit 0 with less
/// than it was asked for.
final class RecordingFile {
    private let output: FileOutput
    private var failure: FileOutputError?
    private let warn: (String) -> Void

    /// Opens the temporary file now, so a bad path is refused before a window opens.
    init(path: String, warn: @escaping (String) -> Void = printWarning) throws {
        output = try OutputFile.naming("--record") { try FileOutput(path: path, keepsWrittenOnFailure: true) }
        self.warn = warn
    }

    /// Lines appended whole.
    private var lines = 0

    func append(_ line: String) {
        guard failure == nil else { return }
        do {
            try OutputFile.naming("--record") { try output.append((line + "\n").utf8) }
            lines += 1
        } catch {
            failure = error as? FileOutputError ?? FileOutputError(path: output.path, reason: "\(error)")
            warn("\(error); recording stopped (the session goes on; the \(lines) lines recorded before are kept)")
        }
    }

    func finish() throws {
        guard let failure else { return try OutputFile.naming("--record") { try output.finish() } }
        guard output.canSalvage else { throw failure }
        do {
            try output.salvage()
        } catch {
            throw FileOutputError(
                path: output.path, reason: "\(failure.reason), and the \(lines) lines before it could not be kept either (\(error))"
            )
            .naming("--record")
        }
        throw RecordingCutShort(failure: failure, lines: lines)
    }
}

/// A recording kept only up to a failed write: the command fails, saying what was kept.
struct RecordingCutShort: Error, CustomStringConvertible {
    let failure: FileOutputError
    let lines: Int
    var description: String { "\(failure); the \(lines) lines recorded before it are kept in \(failure.path)" }
}
