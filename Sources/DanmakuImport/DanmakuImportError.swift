import Foundation

/// A problem that stops a danmaku file from being read at all. Every message names the file,
/// the line and column when there is one, what was expected, and what to do about it.
///
/// Damage inside the file (a bad element, a cut-off end) is not an error: the reader skips it
/// and counts it in `DanmakuImportSummary`.
package struct DanmakuImportError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    public enum Kind: Sendable, Hashable {
        case fileNotFound
        case unreadable
        case empty
        /// The first thing in the file is not markup (text, binary, JSON).
        case notXML
        /// UTF-16 or UTF-32: danmaku files are UTF-8.
        case notUTF8
        /// The file is XML but its root is not `<i>`, or it has no root element.
        case missingRoot
        /// The file holds more records than a time index may take memory for.
        case indexTooLarge
    }

    package var kind: Kind
    /// The file's name (its last path component).
    package var file: String
    package var position: DanmakuSourcePosition?
    /// The whole sentence, ready to print.
    package var message: String

    package var description: String { message }
    package var errorDescription: String? { message }

    static let expected = "expected a Bilibili danmaku XML (<i><d p=\"…\">…</d></i>) or a BililiveRecorder recording"

    static func fileNotFound(_ file: String) -> Self {
        Self(
            kind: .fileNotFound, file: file, position: nil,
            message: "\(file): no such file; check the path (\(expected))")
    }

    /// `fix` nil: the reason says what to do itself.
    static func unreadable(
        _ file: String, reason: String,
        fix: String? = "check that it is a file and that you may read it"
    ) -> Self {
        Self(
            kind: .unreadable, file: file, position: nil,
            message: "\(file): cannot be read (\(reason))" + (fix.map { "; " + $0 } ?? ""))
    }

    static func empty(_ file: String) -> Self {
        Self(
            kind: .empty, file: file, position: nil,
            message: "\(file): the file is empty; \(expected)")
    }

    static func notUTF8(_ file: String, encoding: String) -> Self {
        Self(
            kind: .notUTF8, file: file, position: DanmakuSourcePosition(line: 1, column: 1),
            message: "\(file):1:1: the file is \(encoding), not UTF-8; \(expected) in UTF-8 — re-save it as UTF-8")
    }

    static func notXML(_ file: String, at position: DanmakuSourcePosition, found: String) -> Self {
        Self(
            kind: .notXML, file: file, position: position,
            message: "\(file):\(position): found \(found) where XML markup should start; \(expected) — is this the right file?")
    }

    static func missingRoot(_ file: String, at position: DanmakuSourcePosition?, found: String) -> Self {
        let place = position.map { "\(file):\($0)" } ?? file
        return Self(
            kind: .missingRoot, file: file, position: position,
            message: "\(place): \(found) instead of the root element <i>; \(expected)")
    }

    static func indexTooLarge(
        _ file: String, fileBytes: Int, at position: DanmakuSourcePosition, records: Int, limit: Int
    ) -> Self {
        Self(
            kind: .indexTooLarge, file: file, position: position,
            message: "\(file):\(position): the file is \(byteCount(fileBytes)) and its time index reached the limit of "
                + "\(byteCount(limit)) (16 bytes for each of \(DanmakuImportSummary.grouped(records)) records so far); "
                + "split the recording into shorter files, or play it on a machine with more memory")
    }

    /// "1.2 GB", "340 MB", "12 KB": decimal units, as file managers show sizes.
    static func byteCount(_ bytes: Int) -> String {
        let units: [(Double, String)] = [(1e12, "TB"), (1e9, "GB"), (1e6, "MB"), (1e3, "KB")]
        for (size, unit) in units where Double(bytes) >= size {
            return "\((Double(bytes) / size * 10).rounded() / 10) \(unit)"
        }
        return "\(bytes) bytes"
    }
}
