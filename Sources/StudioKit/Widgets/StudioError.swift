/// Errors the core reports. Each message says what was wrong and how to fix it.
public enum StudioError: Error, Equatable, CustomStringConvertible {
    case invalidLevel(Double)
    case widgetAlreadyAttached(name: String)
    case cycle(name: String)

    public var description: String {
        switch self {
        case .invalidLevel(let level):
            return "invalid widget level \(level): levels must be finite and >= 0 "
                + "(background [0,100), displayer [100,200), movable [200,300), lite [300,400), float [400,...))"
        case .widgetAlreadyAttached(let name):
            return "widget '\(name)' already has a parent: remove it first (removeFromParent()) to move it"
        case .cycle(let name):
            return "adding widget '\(name)' would make it its own ancestor"
        }
    }
}
