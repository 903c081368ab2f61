import StudioDomain
import StudioKit

/// Replays a scenario against simulated time: each call returns the entries that became
/// due since the last one, each exactly once, in time order, however far time jumps.
/// Deterministic: the same times give the same batches.
///
/// A value type: a feed and an input replay each keep their own player over the same
/// scenario and take their part (notes and connection events; input).
package struct ScenarioPlayer: Sendable {
    package let scenario: Scenario
    /// Lines before this index have been decoded.
    package private(set) var position = 0
    /// Samples of decoded gestures that are not due yet.
    private var later = LaterSamples()

    package init(_ scenario: Scenario) { self.scenario = scenario }

    /// Entries given whole that have been returned.
    private var givenPosition = 0

    package var isFinished: Bool {
        position == scenario.lineCount && later.isEmpty && givenPosition == scenario.given.count
    }

    /// Every entry due at or before `time` not returned before. A time earlier than the
    /// last one returns nothing.
    /// - Complexity: O(lines and entries returned); lines decode as they come due.
    package mutating func advance(to time: Double) -> ScenarioBatch {
        let text = scenario.text
        var due: [ScenarioEntry] = []
        while position < text.lines.count, text.lines[position].time <= time {
            let entries = text.entries(ofLine: position, file: scenario.file)
            position += 1
            guard let head = entries.first else { continue }
            later.flush(upTo: head.time, into: &due)
            due.append(head)
            for entry in entries.dropFirst() { later.insert(entry) }
        }
        later.flush(upTo: time, into: &due)
        let given = scenario.given
        while givenPosition < given.count, given[givenPosition].time <= time {
            due.append(given[givenPosition])
            givenPosition += 1
        }
        return ScenarioBatch(entries: due)
    }
}

/// The entries a `ScenarioPlayer` step returned, with views by kind.
package struct ScenarioBatch: Hashable, Sendable {
    package var entries: [ScenarioEntry]

    /// The server messages, in order (room id nil: whatever room is current).
    package var notes: [StudioNote] {
        entries.compactMap { if case .note(let n) = $0.action { n } else { nil } }
    }

    /// The input samples, in order; pointer samples carry their own times.
    package var inputs: [InputEvent] {
        entries.compactMap { if case .input(let e) = $0.action { e } else { nil } }
    }

    package var connectionCommands: [ConnectionCommand] {
        entries.compactMap { if case .connection(let c) = $0.action { c } else { nil } }
    }
}
