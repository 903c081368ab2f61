import Foundation

/// The vertical scroll of a list that owns its vertical drags (`Widget.dragAxes(at:)`): the
/// content follows the finger, keeps the release speed as a fling that decelerates, and
/// stops at its ends (clamped: never past the first or the last row). Stepped by the list's
/// `update`, so it runs on the studio's step clock.
public struct ScrollPhysics: Hashable, Sendable {
    /// The content's height and the visible part's; the offset stays within `0...maxOffset`.
    package private(set) var contentHeight: Double = 0
    package private(set) var viewportHeight: Double
    /// How far the content is scrolled: 0 shows its top.
    package private(set) var offset: Double = 0
    /// The fling's speed, in offset per second (positive scrolls towards the content's end).
    public private(set) var velocity: Double = 0
    package private(set) var isDragging = false
    private var grabOffset = 0.0
    private var grabTranslation = 0.0

    /// The share of its speed a fling keeps after one second: UIKit's normal deceleration
    /// (0.998 kept per millisecond), so a 1000 px/s release travels about 500 px.
    package static let keptPerSecond = 0.135
    /// Below this speed (px/s) a fling has stopped.
    package static let stopSpeed = 10.0

    public init(viewportHeight: Double) {
        self.viewportHeight = max(0, viewportHeight)
    }

    package var maxOffset: Double { max(0, contentHeight - viewportHeight) }
    /// Whether there is more content than shows.
    package var canScroll: Bool { maxOffset > 0 }
    /// Whether the end of the content shows (within half a pixel).
    package var isAtEnd: Bool { offset >= maxOffset - 0.5 }
    /// Whether a finger or a fling moves the content.
    package var isMoving: Bool { isDragging || velocity != 0 }

    /// Sets the sizes; the offset is clamped to the new range.
    package mutating func setSizes(content: Double, viewport: Double) {
        contentHeight = max(0, content)
        viewportHeight = max(0, viewport)
        offset = offset.clamped(to: 0...maxOffset)
    }

    /// Follows a drag of the list (its `handleDrag`): the content moves with the finger from
    /// where the drag began, and flings on release.
    public mutating func drag(_ info: DragInfo) {
        switch info.phase {
        case .began:
            isDragging = true
            velocity = 0
            grabOffset = offset
            grabTranslation = info.translation.y
        case .changed:
            offset = (grabOffset - (info.translation.y - grabTranslation)).clamped(to: 0...maxOffset)
        case .ended:
            isDragging = false
            velocity = canScroll && abs(info.velocity.y) >= Self.stopSpeed ? -info.velocity.y : 0
        default:
            isDragging = false
            velocity = 0
        }
    }

    /// One step of a fling: it moves, slows, and stops at either end.
    public mutating func step(_ dt: Double) {
        guard !isDragging, velocity != 0, dt > 0 else { return }
        offset += velocity * dt
        velocity *= pow(Self.keptPerSecond, dt)
        if offset <= 0 || offset >= maxOffset || abs(velocity) < Self.stopSpeed {
            offset = offset.clamped(to: 0...maxOffset)
            velocity = 0
        }
    }

    /// Jumps to `offset` (clamped), stopping any fling.
    public mutating func scroll(to offset: Double) {
        self.offset = offset.clamped(to: 0...maxOffset)
        velocity = 0
    }

    /// Content was removed above (`by` > 0) or added above: the same rows stay in view.
    package mutating func shift(by removed: Double) {
        grabOffset -= removed
        offset = (offset - removed).clamped(to: 0...maxOffset)
    }
}
