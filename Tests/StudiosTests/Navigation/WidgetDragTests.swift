import RoomFixtures
import Foundation
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

extension PersonInput {
    /// A drag as a finger makes it, starting at `frame`: down at `from`, `moves` moves one
    /// frame apart along the straight line to `to`, up there.
    static func drag(at frame: Int, from: Point, to: Point, moves: Int = 8) -> [Int: [InputEvent]] {
        var out: [Int: [InputEvent]] = [:]
        func t(_ f: Int) -> Double { Double(f) / 60 }
        out[frame] = [.pointer(PointerEvent(.down, at: from, time: t(frame)))]
        for i in 1...moves {
            let f = Double(i) / Double(moves)
            out[frame + i] = [
                .pointer(
                    PointerEvent(
                        .moved, at: Point(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f),
                        time: t(frame + i)))
            ]
        }
        out[frame + moves + 1] = [.pointer(PointerEvent(.up, at: to, time: t(frame + moves + 1)))]
        return out
    }
}

/// Widgets with their own drags, driven through the whole app as a person drives them: the
/// drag is the widget's, and neither the room nor lite mode moves.
@Suite("A widget's drag is the widget's: sliders, the playback bar, the claw pad")
struct WidgetDragTests {
    static func widget<W: Widget>(_ type: W.Type, in f: AppFixture) throws -> W {
        try #require(f.driver.studio.root.subtree().first { $0 is W } as? W)
    }

    static func scheme(_ kind: RoomKind) throws -> Scheme {
        try #require(RoomDirectory().schemes.first { $0.kind == kind })
    }

    @Test("dragging the playback knob scrubs and seeks on release; no lite mode, no room change")
    func playbackScrub() throws {
        let start = try Self.scheme(StudioKinds.playback)
        let probe = try AppFixture(start: start)
        try probe.run(frames: 2)
        let bar = try Self.widget(PlaybackBarWidget.self, in: probe)
        let from = bar.transformToRoot.apply(Point(x: bar.track.minX + bar.track.width * 0.1, y: bar.track.midY))
        let to = bar.transformToRoot.apply(Point(x: bar.track.minX + bar.track.width * 0.8, y: bar.track.midY + 6))
        let f = try AppFixture(start: start, script: PersonInput.drag(at: 5, from: from, to: to))
        try f.run(frames: 9)
        let scrubbing = try Self.widget(PlaybackBarWidget.self, in: f)
        #expect(scrubbing.scrubPosition != nil, "the knob does not follow the finger")
        try f.run(frames: 10)
        let seeked = try Self.widget(PlaybackBarWidget.self, in: f)
        #expect(seeked.scrubPosition == nil)
        #expect(abs(seeked.position - 0.8 * seeked.duration) < seeked.duration * 0.02, "position \(seeked.position)")
        #expect(!f.driver.studio.isLiteMode)
        #expect(f.driver.studio.room.id == start.id)
    }

    @Test("a finger sliding on the claw pad steers the claw and never changes room")
    func clawJoystick() throws {
        let start = try Self.scheme(StudioKinds.claw)
        let probe = try AppFixture(start: start)
        try probe.run(frames: 2)
        let pad = try Self.widget(ClawPadWidget.self, in: probe)
        let from = pad.transformToRoot.apply(pad.center(of: .forward))
        for (to, moved) in [(Point(x: from.x + 110, y: from.y), "right"), (Point(x: from.x, y: from.y - 110), "forward")] {
            let f = try AppFixture(start: start, script: PersonInput.drag(at: 5, from: from, to: to))
            try f.run(frames: 20)
            let claw = try Self.widget(ClawPadWidget.self, in: f)
            if moved == "right" { #expect(claw.clawTarget.x > 0.5) } else { #expect(claw.clawTarget.y < 0.5) }
            #expect(f.driver.studio.room.id == start.id, "a drag \(moved) on the pad changed the room")
            #expect(!f.driver.studio.isLiteMode)
        }
    }

    @Test("the host's beauty slider follows the finger and the panel stays")
    func beautySlider() throws {
        let probe = try AppFixture(session: "host")
        try probe.run(frames: 2)
        let panel = try Self.widget(HostPanelWidget.self, in: probe)
        let y = HostPanelWidget.slider.midY
        let from = panel.transformToRoot.apply(Point(x: HostPanelWidget.slider.minX + 60, y: y))
        let to = panel.transformToRoot.apply(Point(x: HostPanelWidget.slider.maxX - 60, y: y))
        let f = try AppFixture(session: "host", script: PersonInput.drag(at: 5, from: from, to: to))
        try f.run(frames: 20)
        let dragged = try Self.widget(HostPanelWidget.self, in: f)
        #expect(
            dragged.controls[dragged.selected].level
                == HostPanelWidget.sliderLevel(at: HostPanelWidget.slider.origin + Point(x: HostPanelWidget.slider.width - 60, y: 0)))
        #expect(!f.driver.studio.isLiteMode, "the slider's drag toggled lite mode")
    }

    /// Every widget of every audience room that drags somewhere, with the points it drags at.
    static func dragPoints(_ f: AppFixture) -> [(Widget, Point, DragAxes)] {
        var out: [(Widget, Point, DragAxes)] = []
        for w in f.driver.studio.root.subtree() where w.isLoaded && !w.isHidden {
            for i in 0..<6 {
                for j in 0..<6 {
                    let local = Point(x: w.bounds.width * (Double(i) + 0.5) / 6, y: w.bounds.height * (Double(j) + 0.5) / 6)
                    guard let axes = w.dragAxes(at: local) else { continue }
                    let root = w.transformToRoot.apply(local)
                    // Only where the drag is this widget's: its drag is the one that joins the arena.
                    if HitTester.dragTarget(f.driver.studio.root, at: root)?.widget === w { out.append((w, root, axes)) }
                }
            }
        }
        return out
    }

    @Test(
        "random drags that start on a dragging widget never change room or lite mode, in every room",
        arguments: RoomNavigationTests.audienceRooms)
    func randomDragsStayWithTheWidget(scheme: Scheme) throws {
        let probe = try AppFixture(start: scheme)
        try probe.run(frames: 2)
        let points = Self.dragPoints(probe)
        if [StudioKinds.playback, StudioKinds.claw].contains(scheme.kind) {
            #expect(!points.isEmpty, "no widget of \(scheme) drags, though its bar or pad should")
        }
        var random = SeededRandom(seed: UInt64(scheme.id))
        for _ in 0..<(points.isEmpty ? 0 : 6) {
            let (widget, from, axes) = points[Int.random(in: 0..<points.count, using: &random)]
            let along = Double.random(in: 40...320, using: &random) * (Bool.random(using: &random) ? 1 : -1)
            let across = Double.random(in: -0.5...0.5, using: &random) * abs(along)
            let delta =
                axes == .vertical
                ? Point(x: across, y: along)
                : axes == .horizontal ? Point(x: along, y: across) : Point(x: along, y: along * Double.random(in: -1...1, using: &random))
            let f = try AppFixture(
                start: scheme,
                script: PersonInput.drag(
                    at: 3, from: from, to: from + delta,
                    moves: Int.random(in: 3...12, using: &random)))
            try f.run(frames: 40)
            #expect(f.driver.studio.room.id == scheme.id, "a drag on \(widget.name) from \(from) by \(delta) changed the room")
            #expect(!f.driver.studio.isLiteMode, "a drag on \(widget.name) from \(from) by \(delta) toggled lite mode")
        }
    }
}
