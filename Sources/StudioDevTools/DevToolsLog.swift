import Foundation
import StudioKit

/// One line of the DevTools' event log, as the loop records it: cheap to make (the payload
/// is kept as it is, and turned into text on the server's thread, only when a page asks).
/// A `TransientPayload` (a video frame, with its picture) is turned into text at once, and
/// only the text kept.
package struct DevToolsLogEntry: Sendable {
    package enum Source: String, Sendable, Codable {
        /// An event the announcer delivered.
        case event
        /// A note of the room's server, delivered as an event.
        case note
        /// A note of the room's server that the room held back (`RoomPart.admits`).
        case held
        /// The user's input.
        case input
    }

    /// Counts entries from 1 over the session (the bridge numbers them).
    package var serial = 0
    package var frame: Int
    /// Seconds on the loop's clock.
    package var time: Double
    package var source: Source
    /// The event's name, or the input's kind ("pointer down", "key", "text").
    package var name: String
    /// The event's value (events and notes).
    package var payload: EventPayload?
    /// What the input was (input only), or a transient payload's text.
    package var detail: String?
    /// How many listeners the event reached (events and notes).
    package var listeners: Int?

    package init(
        frame: Int, time: Double, source: Source, name: String, payload: EventPayload? = nil,
        detail: String? = nil, listeners: Int? = nil
    ) {
        self.frame = frame
        self.time = time
        self.source = source
        self.name = name
        if let payload, payload.isTransient {
            self.detail = Self.text(of: payload)
        } else {
            self.payload = payload
            self.detail = detail
        }
        self.listeners = listeners
    }

    /// The entry as the page shows it and the protocol sends it.
    package var record: Record {
        Record(
            serial: serial, frame: frame, time: (time * 1000).rounded() / 1000, source: source, name: name,
            value: payload.map { Self.text(of: $0) } ?? detail ?? "", listeners: listeners)
    }

    /// A payload's text, cut at 300 characters: a log line, not a dump.
    static func text(of payload: EventPayload) -> String {
        let text = payload.description
        return text.count > 300 ? String(text.prefix(300)) + "…" : text
    }

    public struct Record: Codable, Sendable, Equatable {
        package var serial: Int
        package var frame: Int
        package var time: Double
        package var source: Source
        package var name: String
        package var value: String
        package var listeners: Int?
    }
}

/// How a saved log replays: the flags of the run it came from, and the lines of that run's
/// own scenario that were not input (its server messages), which the log copies.
package struct DevToolsReplay: Sendable {
    /// The run's flags without `--scenario` and the DevTools' own, to give with the log.
    package var flags: [String]
    /// The run's scenario's server lines up to a time, as written (`Scenario.serverLines`).
    package var serverLines: @Sendable (Double) -> [(time: Double, text: String)]

    package init(flags: [String], serverLines: @escaping @Sendable (Double) -> [(time: Double, text: String)] = { _ in [] }) {
        self.flags = flags
        self.serverLines = serverLines
    }
}

/// The log's shared part, kept by the bridge: the latest entries in a ring (older ones are
/// overwritten, counted), and every input line a scenario replays (bounded too).
struct DevToolsLogStore {
    /// Entries kept for pages that ask; at 10,000 events a second, about 0.4 s.
    static let capacity = 4096
    /// Input lines kept for the saved log; past it the log says how many were left out.
    static let maxInputLines = 100_000

    private(set) var entries: [DevToolsLogEntry] = []
    /// The serial of the newest entry (0: none yet).
    private(set) var lastSerial = 0
    private(set) var inputLines: [(time: Double, text: String)] = []
    private(set) var inputLinesLeftOut = 0
    /// The loop's clock and frame at the last batch.
    private(set) var time = 0.0
    private(set) var frame = 0

    mutating func append(_ batch: [DevToolsLogEntry], inputLines lines: [(time: Double, text: String)], time: Double, frame: Int) {
        for var entry in batch {
            lastSerial += 1
            entry.serial = lastSerial
            if entries.count < Self.capacity {
                entries.append(entry)
            } else {
                entries[(lastSerial - 1) % Self.capacity] = entry
            }
        }
        let room = max(0, Self.maxInputLines - inputLines.count)
        inputLines += lines.prefix(room)
        inputLinesLeftOut += lines.count - min(room, lines.count)
        self.time = time
        self.frame = frame
    }

    /// The entries after `serial`, oldest first, at most `limit` (the newest), and how many
    /// newer than `serial` were passed over: overwritten in the ring, or past `limit`.
    func entries(after serial: Int, limit: Int) -> (entries: [DevToolsLogEntry], skipped: Int) {
        let newer = lastSerial - max(0, serial)
        guard newer > 0 else { return ([], 0) }
        let available = min(newer, entries.count, limit)
        let first = lastSerial - available + 1
        let taken = (first...lastSerial).map { entries[($0 - 1) % Self.capacity] }
        return (taken, newer - available)
    }
}

extension DevToolsLogStore {
    /// The log as a scenario: the input lines and the run's own scenario's server lines in
    /// time order, which replay, with the recent events as `//` comments among them, which
    /// a scenario skips. A header says how to replay it.
    func scenario(replay: DevToolsReplay?) -> String {
        let server = replay?.serverLines(time) ?? []
        let recent = entries(after: 0, limit: Self.capacity).entries
        var out = [
            "// LiveStudio DevTools log, saved at \(Self.seconds(time)) s (frame \(frame)): "
                + "\(inputLines.count) input lines, \(server.count) of the run's scenario's server lines, "
                + "and the last \(recent.count) events as comments.",
            "// Replay: studio run \((replay?.flags ?? []).joined(separator: " ")) --scenario THIS_FILE",
            "// The room's server makes its other notes again from the same --seed and --feed-file.",
        ]
        if inputLinesLeftOut > 0 {
            out.append("// \(inputLinesLeftOut) later input lines were left out: the log keeps \(Self.maxInputLines).")
        }
        // Three lists in time order, merged: server lines first at equal times (the room's
        // inbox is read before its input in a frame), then input, then the comments.
        var s = 0, i = 0, r = 0
        while s < server.count || i < inputLines.count || r < recent.count {
            let times = [
                s < server.count ? server[s].time : .infinity, i < inputLines.count ? inputLines[i].time : .infinity,
                r < recent.count ? recent[r].time : .infinity,
            ]
            let next = times.min()!
            if times[0] == next {
                out.append(server[s].text)
                s += 1
            } else if times[1] == next {
                out.append(inputLines[i].text)
                i += 1
            } else {
                out.append(Self.comment(recent[r]))
                r += 1
            }
        }
        return out.joined(separator: "\n") + "\n"
    }

    static func comment(_ entry: DevToolsLogEntry) -> String {
        let record = entry.record
        let reached = record.listeners.map { " → \($0) listener\($0 == 1 ? "" : "s")" } ?? ""
        let value = record.value.replacingOccurrences(of: "\n", with: " ")
        return "// \(seconds(entry.time)) frame \(record.frame) \(record.source.rawValue) \(record.name)\(reached): \(value)"
    }

    static func seconds(_ t: Double) -> String { String(format: "%.3f", t) }
}
