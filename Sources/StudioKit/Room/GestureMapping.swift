/// What a swipe along an axis does in a studio. The mapping lives in configuration: we
/// follow the mainstream apps (vertical = change room, horizontal = lite mode);
/// the same mechanism also describes the opposite.
public enum SwipeAction: String, Hashable, Sendable, CaseIterable, Codable {
    case switchRoom, toggleLite, none
}

public struct GestureMapping: Hashable, Sendable, Codable {
    public var vertical: SwipeAction
    public var horizontal: SwipeAction

    public init(vertical: SwipeAction = .switchRoom, horizontal: SwipeAction = .toggleLite) {
        self.vertical = vertical
        self.horizontal = horizontal
    }

    package func action(for axis: SwipeAxis) -> SwipeAction {
        axis == .vertical ? vertical : horizontal
    }
}
