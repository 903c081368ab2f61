import StudioDomain
import StudioKit

extension Levels {
    /// The landscape screen (float layer): over every portrait widget, the toast included,
    /// since in landscape it is the whole screen.
    public static let landscapeScreen = 490.0
}
