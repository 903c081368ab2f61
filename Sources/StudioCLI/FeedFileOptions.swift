import ArgumentParser
import DanmakuImport
import Foundation
import StudioKit
import Studios

/// `--feed-file` and `--feed-format`: a danmaku file or live recording played as the rooms'
/// chat, as `studio run`, `snapshot`, `dump` and `bench` take it.
struct FeedFileOptions: ParsableArguments {
    @Option(
        name: .customLong("feed-file"),
        help:
            "A Bilibili danmaku XML or a live recording (BililiveRecorder, blrec) to play as the rooms' chat: live rooms get it at its times, the playback room at its bar's position."
    )
    var path: String?

    @Option(
        name: .customLong("feed-format"),
        help: "The file's format when detection should not decide: \(DanmakuFileFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: String?

    func validate() throws {
        if let format, DanmakuFileFormat(rawValue: format) == nil {
            throw ValidationError(
                "--feed-format: unknown format '\(format)'; valid: "
                    + DanmakuFileFormat.allCases.map(\.rawValue).joined(separator: ", "))
        }
        if format != nil, path == nil { throw ValidationError("--feed-format goes with --feed-file") }
    }

    /// The file, read once; nil without `--feed-file`. Elements it skipped are said in
    /// `reportSkipped(_:)` at the end of the command, where a reader looks for a summary.
    /// - Throws: the reader's error naming the file (missing, empty, not a danmaku file).
    func load() throws -> FeedFile? {
        guard let path else { return nil }
        guard !path.isEmpty else { throw OptionError("--feed-file is empty; give the path of a danmaku file or a live recording") }
        do {
            return try FeedFile.load(URL(fileURLWithPath: path), format: format.flatMap(DanmakuFileFormat.init(rawValue:)))
        } catch let error as DanmakuImportError {
            throw OptionError("--feed-file \(error.message)")
        }
    }
}

/// The summary of a played feed file on standard error: what it held, what was skipped and
/// the first places, so that a bad element is never dropped silently.
func reportFeedFile(_ file: FeedFile?) {
    guard let file else { return }
    let summary = file.summary
    ToolName.say("feed file \(summary)")
    for issue in summary.firstIssues { ToolName.say("  \(issue)") }
}
