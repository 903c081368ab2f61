import StudioKit

/// One line of the comment list: who said what, and the colour the name is drawn in.
public struct Comment: Hashable, Sendable {
    public var user: String
    public var text: String
    public var userColor: Color

    public init(user: String, text: String, userColor: Color) {
        self.user = user
        self.text = text
        self.userColor = userColor
    }
}
