import ArgumentParser
import StudioKit

/// Range checks for numeric options, with one wording: the flag, the range, what the range
/// means, and the value given. Every number a flag takes is bounded here, so none reaches
/// frame arithmetic or an integer conversion unchecked.
enum OptionCheck {
    static func whole(_ value: Int?, _ flag: String, in range: ClosedRange<Int>, _ meaning: String) throws {
        guard let value, !range.contains(value) else { return }
        throw ValidationError("\(flag) must be from \(range.lowerBound) to \(range.upperBound), \(meaning) (got \(value))")
    }

    static func number(_ value: Double?, _ flag: String, in range: ClosedRange<Double>, _ meaning: String) throws {
        guard let value, !range.contains(value) else { return }
        throw ValidationError(
            "\(flag) must be from \(range.lowerBound.compact) to \(range.upperBound.compact), \(meaning) (got \(value.compact))")
    }

    /// The snapshot-like commands' `--frames`: every frame up to the rendered one is run.
    static let snapshotFrames = 1...InputLimits.maxSnapshotFrames
    static let snapshotFramesMeaning = "at most an hour at 60 frames a second"
}

/// A file or value an option names that the command cannot use, said in one line that
/// starts with the option ("--feed-file x.xml: it is a named pipe (FIFO), not a file; ...").
struct OptionError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
