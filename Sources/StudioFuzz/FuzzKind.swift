import Foundation
import StudioInspection

/// What the fuzzer feeds, each through the entry point `studio` reads it with.
package enum FuzzKind: String, CaseIterable, Sendable, Codable {
    /// A studio configuration (`Assets/studios/*.json`): the loader, then the app on it.
    case config
    /// A scenario (`Assets/scenarios/*.jsonl`): `Scenario.load`, then played headless.
    case scenario
    /// An input recording (`studio run --record`): `InputRecording.load`, then replayed.
    case recording
    /// A `studio` command line: parsed and validated, some run in-process.
    case cli
    /// A PNG file: `PNGHeader.read`, then the image cache's decode.
    case png
    /// A danmaku file or live recording (`--feed-file`): `DanmakuFileReader` and
    /// `FeedFile.load`, then played headless.
    case danmaku
    /// What a live server sends a client (`studio run --live`): binary WebSocket messages of
    /// packets, compressed batches and command JSON, through `LiveMessageReader`, then their
    /// notes played headless.
    case live
    /// What a browser or a script sends the DevTools server (`studio run --devtools`): the
    /// raw bytes of one connection, HTTP requests and after an upgrade WebSocket frames,
    /// sent to a server over a headless room.
    case devtools

    /// The extension saved inputs of this kind get.
    package var fileExtension: String {
        switch self {
        case .config: "json"
        case .scenario, .recording: "jsonl"
        case .cli: "cli.json"
        case .png: "png"
        case .danmaku: "xml"
        case .live: "live"
        case .devtools: "devtools"
        }
    }

    /// The kinds named in a comma-separated list, or nil naming the unknown one.
    package static func parseList(_ text: String) -> Result<[FuzzKind], FuzzUsageError> {
        var kinds: [FuzzKind] = []
        for name in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            guard let kind = FuzzKind(rawValue: name) else {
                return .failure(FuzzUsageError("unknown kind '\(name)'; valid kinds: \(allCases.map(\.rawValue).joined(separator: ","))"))
            }
            if !kinds.contains(kind) { kinds.append(kind) }
        }
        return kinds.isEmpty ? .failure(FuzzUsageError("--kinds names no kind")) : .success(kinds)
    }
}

/// A bad `studio-fuzz` request, said in full.
package struct FuzzUsageError: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}
