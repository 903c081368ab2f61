/// What `studio bench` runs: a normal room, the peer-comparison danmaku scene, or the full
/// stress scene (video + 200 danmaku + 50 hearts + a full-screen gift always playing).
public enum BenchScene: String, CaseIterable, Sendable, Codable {
    case room, danmaku, full, recording, video

    /// The full scene's load (danmaku, hearts, a big gift) kept on screen: `full`, and `video`,
    /// which is it over a real stream.
    package var keepsFullLoad: Bool { self == .full || self == .video }

    package static var validNames: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// - Throws: `BenchKnobError` listing the valid scenes.
    package static func parse(_ text: String) throws -> BenchScene {
        guard let scene = BenchScene(rawValue: text) else {
            throw BenchKnobError("unknown scene '\(text)'; valid scenes: \(validNames)")
        }
        return scene
    }
}

/// A bench setting that cannot be used, with what would be valid.
package struct BenchKnobError: Error, CustomStringConvertible, Equatable {
    package let description: String
    package init(_ description: String) { self.description = description }
}

package enum BenchKnobs {
    /// - Throws: `BenchKnobError` when `name` is not among `valid`, listing them.
    package static func check(_ what: String, _ name: String, in valid: [String]) throws {
        guard valid.contains(name) else {
            throw BenchKnobError("unknown \(what) '\(name)'; valid \(what)s: \(valid.joined(separator: ", "))")
        }
    }

    /// - Throws: `BenchKnobError` when `value` is not finite or outside `range`.
    package static func check(_ option: String, _ value: Double, in range: ClosedRange<Double>) throws {
        guard value.isFinite, range.contains(value) else {
            throw BenchKnobError(
                "--\(option) must be between \(format(range.lowerBound)) and \(format(range.upperBound)) (got \(format(value)))")
        }
    }

    /// - Throws: `BenchKnobError` when `value` is outside `range`.
    package static func check(_ option: String, _ value: Int, in range: ClosedRange<Int>) throws {
        guard range.contains(value) else {
            throw BenchKnobError("--\(option) must be between \(range.lowerBound) and \(range.upperBound) (got \(value))")
        }
    }

    private static func format(_ v: Double) -> String { v.compact }
}
