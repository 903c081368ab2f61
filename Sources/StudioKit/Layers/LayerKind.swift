/// The five Z-layers of a live room, bottom to top. A widget's level alone decides its layer.
public enum LayerKind: Int, CaseIterable, Hashable, Sendable, Comparable, CustomStringConvertible {
    /// [0, 100): the host's cover image as the room's background.
    case background
    /// [100, 200): the video player.
    case displayer
    /// [200, 300): host info, audience, comments, docker...; slides away in lite mode.
    case movable
    /// [300, 400): the lite-mode switch, rotate button and the few widgets lite mode keeps.
    case lite
    /// [400, +inf): dialogs, tips, toasts, gift animations, hearts.
    case float

    /// The levels that belong to this layer (the float layer's upper bound is infinity).
    package var levels: Range<Double> {
        let lower = Double(rawValue) * 100
        return lower..<(self == .float ? Double.infinity : lower + 100)
    }

    /// The layer a level belongs to.
    /// - Throws: `StudioError.invalidLevel` for a negative, NaN or infinite level.
    public static func of(level: Double) throws -> LayerKind {
        guard level.isFinite, level >= 0 else { throw StudioError.invalidLevel(level) }
        return LayerKind(rawValue: min(Int(clamping: level / 100), LayerKind.float.rawValue))!
    }

    /// Why `level` cannot place a widget, as the configuration loader and DevTools say it;
    /// nil when it can.
    package static func problem(level: Double) -> String? {
        guard !level.isFinite || level < 0 else { return nil }
        return "must be a level >= 0 (got \(level.compact)); levels place widgets in layers: "
            + allCases.map { "\($0.name) \($0.levelsText)" }.joined(separator: ", ")
    }

    /// The layer's levels as the configuration reference writes them: "[100, 200)", "[400, ∞)".
    package var levelsText: String {
        "[\(levels.lowerBound.compact), \(levels.upperBound.isFinite ? levels.upperBound.compact : "∞"))"
    }

    public var name: String {
        switch self {
        case .background: "background"
        case .displayer: "displayer"
        case .movable: "movable"
        case .lite: "lite"
        case .float: "float"
        }
    }

    /// Looks a layer up by its name, as users type it on the command line.
    public init?(name: String) {
        guard let kind = LayerKind.allCases.first(where: { $0.name == name.lowercased() }) else { return nil }
        self = kind
    }

    public var description: String { name }

    public static func < (a: LayerKind, b: LayerKind) -> Bool { a.rawValue < b.rawValue }
}
