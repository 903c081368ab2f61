import StudioKit

/// The registry of studio types: kind → the `StudioKind` class that shows it (and through
/// it, the widgets it requires).
public struct StudioTypes {
    private var types: [String: any StudioKind.Type] = [:]

    public init(_ types: [any StudioKind.Type]) {
        for t in types {
            precondition(self.types[t.kind] == nil, "two studio types show kind '\(t.kind)'")
            self.types[t.kind] = t
        }
    }

    /// The ten types (A–J).
    public static var standard: StudioTypes {
        StudioTypes([
            HostStudio.self, SingleHostStudio.self, ShoppingStudio.self, HostsLoopStudio.self, PKStudio.self,
            FinancialStudio.self, CoStreamStudio.self, PlaybackStudio.self, QuizStudio.self, ClawMachineStudio.self,
        ])
    }

    /// Known kinds, sorted (for error messages).
    public var kinds: [String] { types.keys.sorted() }

    public func type(for kind: String) -> (any StudioKind.Type)? { types[kind] }

    /// The widgets a configuration of `kind` must list; empty for an unknown kind.
    public func requiredWidgets(for kind: String) -> [String] { types[kind]?.requiredWidgets ?? [] }
}

/// A studio kind no registered type shows.
public struct UnknownStudioKindError: Error, Hashable, Sendable, CustomStringConvertible {
    public let kind: String
    public let validKinds: [String]

    public var description: String {
        "unknown studio kind '\(kind)'; valid: \(validKinds.joined(separator: ", "))"
    }
}

/// A kind a registered type shows, whose configuration file was not among those loaded: the
/// kind is right, the file is what is missing.
public struct MissingStudioConfigError: Error, Hashable, Sendable, CustomStringConvertible {
    public let kind: String
    public let loadedKinds: [String]

    public var description: String {
        "studio kind '\(kind)' has no configuration: studios/\(kind).json is missing from the assets folder; "
            + "restore it (in a checkout: git checkout Assets/studios/\(kind).json) or choose a kind that loaded: "
            + loadedKinds.joined(separator: ", ")
    }
}
