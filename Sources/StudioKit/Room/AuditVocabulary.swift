// The layering audit's vocabulary, which configurations speak: the rules it checks, and the
// exceptions a configuration declares to them. The audit itself is a tool
// (StudioInspection); a room's configuration only names its rules.

/// The rules of the layering audit (`studio audit`).
public enum AuditRule: String, Codable, Hashable, Sendable, CaseIterable {
    /// A widget's level is outside the level range of the layer its top-level ancestor is in.
    case levelOutsideLayer
    /// A visible widget's screen frame reaches outside the screen.
    case offScreen
    /// A widget that takes touches overlaps the status bar (top 40 px) or the home
    /// indicator (bottom 34 px).
    case unsafeArea
    /// Two visible widgets of one layer that both take touches overlap (neither contains
    /// the other's subtree). A band of moving text (the danmaku) and a widget that keeps its
    /// text out (`Widget.keepsOverlaysOut`) do not count: the band takes touches only on its
    /// comments, and none is drawn there.
    case overlap
    /// No sampled point of a widget that takes touches reaches it: widgets above cover it.
    case unreachable
    /// The gesture mapping is ambiguous: both swipe axes do the same, or a swipe is mapped
    /// while a touch-taking widget above the video covers the whole screen.
    case gestureConflict
    /// No gesture leaves the room: no swipe axis switches rooms, or widgets that own their
    /// drags cover nearly all of the screen along the room axis.
    case deadEnd
    /// Two widgets declare drags at the same points: the upper one's drag always wins there,
    /// so the lower one's drag cannot start where they overlap.
    case dragConflict
    /// A widget that claims taps is smaller than 44x44 logical px on some side (the minimum
    /// touch target of Apple's and Material's guidelines).
    case smallTapTarget
    /// A line of text a widget draws, measured with the renderer's font metrics, runs past
    /// the widget's frame or the clip in force, so part of it is cut off or spills. Text fitted
    /// with a trailing "…" fits and passes; text of a `ScrollingText` widget may run past
    /// along the axes it scrolls.
    case textCut
    /// A line of text a widget draws lies under a higher widget's drawing at least 60%
    /// opaque (a fill, an image, text) or under a `ScrollingText` widget's band (danmaku), at
    /// some of a 5x5 grid of points over it. A comment of a band (danmaku) counts too, under a
    /// card or a control its lane should keep out of. The float layer (modal sheets, toasts,
    /// gift animations) neither covers nor is covered: `textOverText` and `coversControl`
    /// judge what it draws.
    case textCovered
    /// A widget that takes taps lies in the band of a widget whose text sweeps its frame (the
    /// danmaku) and does not keep that text out (`Widget.keepsOverlaysOut`): comments would
    /// cross the control, hide it and sit over the finger meant for it. Mark the control
    /// `"keepOut": true`, or move the band or the control apart.
    case overlayOverControl
    /// A line of text is drawn over another widget's text, so that both show where they
    /// cross: a banner over a card's header, a comment over a toast whose backing lets it
    /// through. Text under a drawing at least 85% opaque that lies between the two is
    /// hidden, not crossed, and passes (`textCovered` judges it). A run audit reports the
    /// first frame, both widgets and the rectangle where they cross.
    case textOverText
    /// A widget that lets touches through (a banner, a toast, a gift animation) draws over
    /// a control at least 60% opaque, at half or more of the points sampled over it: the
    /// control is hidden but still takes the finger, so a person taps what they cannot see.
    case coversControl
    /// An image the studio draws cannot be used (missing, not a PNG, damaged or over the
    /// pixel budget): the frame shows a placeholder instead. Never excused.
    case badImage
}

/// A deliberate exception a studio's configuration declares: this rule does not apply to
/// this widget, for this reason.
public struct AuditException: Codable, Hashable, Sendable {
    public var rule: AuditRule
    public var widget: String
    public var reason: String

    public init(rule: AuditRule, widget: String, reason: String) {
        self.rule = rule
        self.widget = widget
        self.reason = reason
    }
}
