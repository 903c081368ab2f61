import StudioDomain
import StudioFeed
import StudioKit
import StudioWidgets
import Studios

/// A loaded studio driven by hand the way the driver drives it: queued events delivered,
/// fixed 1/60 s steps, frames drawn into a canvas with the approximate measurer. No backend,
/// no window. The other fixtures here are this with their own studio and helpers.
package class HandDrivenStudio<S: Room> {
    package let studio: S
    package let canvas: Canvas
    package private(set) var stepIndex = 0
    package static var dt: Double { 1.0 / 60.0 }

    package init(_ studio: S, measurer: TextMeasurer, load: Bool = true) {
        self.studio = studio
        canvas = Canvas(measurer: measurer)
        if load {
            studio.load()
            studio.announcer.deliverQueued()
        }
    }

    package var time: Double { Double(stepIndex) * Self.dt }

    /// Delivers queued events, runs `count` steps, then delivers what the steps announced.
    package func step(_ count: Int = 1) {
        for _ in 0..<count {
            studio.announcer.deliverQueued()
            stepIndex += 1
            studio.update(FrameStep(dt: Self.dt, time: time, index: stepIndex))
        }
        studio.announcer.deliverQueued()
    }

    /// Runs `count` steps of `widget` alone (fast: for long simulations of one widget).
    package func step(_ widget: Widget, _ count: Int = 1) {
        for _ in 0..<count {
            stepIndex += 1
            widget.updateTree(FrameStep(dt: Self.dt, time: time, index: stepIndex))
        }
    }

    /// Runs steps for `seconds` of simulated time.
    package func run(seconds: Double) { step(Int((seconds / Self.dt).rounded())) }

    /// Publishes the event `key` carrying `value` as a feed or another widget would, and
    /// delivers it.
    package func publish<Payload>(_ key: EventKey<Payload>, _ value: Payload) {
        studio.announcer.publish(key, value)
        studio.announcer.deliverQueued()
    }

    /// Publishes the event `key`, which carries nothing, and delivers it.
    package func publish(_ key: EventKey<NoPayload>) {
        studio.announcer.publish(key)
        studio.announcer.deliverQueued()
    }

    /// Draws a frame and returns its display list.
    package func draw() -> DisplayList {
        canvas.reset()
        studio.draw(in: canvas)
        return canvas.list
    }

    /// A tap as a finger makes it: down and up at `point` (studio coordinates) 60 ms apart,
    /// through hit testing and the gesture router; then the queued events are delivered.
    package func tap(at point: Point) {
        studio.handleInput(.pointer(PointerEvent(.down, at: point, time: time)))
        studio.handleInput(.pointer(PointerEvent(.up, at: point, time: time + 0.06)))
        studio.announcer.deliverQueued()
    }

    /// A swipe as a finger makes it: down at `start`, eight moves over 0.16 s to
    /// `start + by`, up; through hit testing and the gesture router; then the queued events
    /// are delivered.
    package func drag(from start: Point, by delta: Point) {
        studio.handleInput(.pointer(PointerEvent(.down, at: start, time: time)))
        for i in 1...8 {
            let f = Double(i) / 8
            studio.handleInput(
                .pointer(
                    PointerEvent(
                        .moved, at: Point(x: start.x + delta.x * f, y: start.y + delta.y * f),
                        time: time + 0.02 * Double(i))))
        }
        studio.handleInput(.pointer(PointerEvent(.up, at: Point(x: start.x + delta.x, y: start.y + delta.y), time: time + 0.18)))
        studio.announcer.deliverQueued()
    }

    /// The centre of `widget`'s frame in studio coordinates.
    package func center(of widget: Widget) -> Point {
        widget.transformToRoot.apply(Point(x: widget.frame.width / 2, y: widget.frame.height / 2))
    }
}

extension DisplayList {
    /// The text strings drawn in `kind`'s layer (those inside sprites too).
    package func texts(in kind: LayerKind) -> [String] {
        items(in: kind).flatMap(\.flattened).compactMap(\.command.text)
    }

    /// Every text string drawn, in any layer.
    package var allTexts: [String] { items.flatMap(\.flattened).compactMap(\.command.text) }
}

extension DrawCommand {
    package var text: String? {
        if case .text(let s, _, _, _, _) = self { return s }
        return nil
    }
}
