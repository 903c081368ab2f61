import StudioDomain
import StudioKit

/// The playback controls of a recorded live, above the bottom bar: a play/pause button, a
/// progress bar with a knob and "03:12 / 45:00". The position advances with step time while
/// playing and stops at the end. A tap on the bar seeks to the tapped point
/// (`.playbackSeeked` with the new position in seconds); the button pauses and resumes
/// (`.playbackToggled` with whether it now plays, also announced when the end pauses it).
/// Dragging along the bar scrubs: the knob and the time follow the finger as a preview
/// (`scrubPosition`), and letting go seeks there once; a cancelled drag leaves the position.
package final class PlaybackBarWidget: Widget, CatalogWidget {
    package static let catalogName = "playbackBar"
    package static let defaultLevel = Levels.playbackBar

    /// The recording's length in seconds: the configured one, or a video file's once its
    /// player is ready (`studio run --video`).
    package private(set) var duration: Double
    /// Seconds from the start of the recording.
    package private(set) var position: Double
    package private(set) var isPlaying: Bool
    /// Where a drag along the bar would seek to, while one is in progress.
    package private(set) var scrubPosition: Double?
    var placement = FramePlacement()

    static let height = 72.0
    static let buttonCenter = Point(x: 38, y: 36)
    static let timeFont = FontSpec.regular(24)
    /// Room at the right for "00:00:00 / 00:00:00"-like texts.
    static let timeWidth = 212.0

    package init(level: Double = Levels.playbackBar, duration: Double = 2700, start: Double = 192, playing: Bool = true) {
        self.duration = max(1, duration)
        position = min(max(0, start), self.duration)
        isPlaying = playing
        super.init(
            name: "playbackBar", level: level,
            frame: Rect(x: 20, y: 1086, width: Size.studio.width - 40, height: Self.height))
    }

    /// Options: `duration` (seconds, 1...86400, default 2700 = 45:00), `start` (seconds, at
    /// most `duration`, default 192 = 03:12), `playing` (default true), `x`, `y`.
    package static func make(level: Double, options: WidgetOptions) throws -> Widget {
        let duration = try options.double("duration", default: 2700, in: 1...86400)
        let start = try options.double("start", default: min(192, duration), in: 0...86400)
        guard start <= duration else {
            throw options.error(
                "start", "must not be past the duration \(DisplayFormat.plain(duration)) s (got \(DisplayFormat.plain(start)))")
        }
        let widget = PlaybackBarWidget(
            level: level, duration: duration, start: start,
            playing: try options.bool("playing", default: true))
        widget.placement = try options.placement()
        try options.finish()
        return widget
    }

    package override func didLoad() {
        guard let viewport = context?.environment.viewport else { return }
        frame.size.width = viewport.width - 40
        frame.origin = placement.origin(default: Point(x: 20, y: viewport.height - 110 - 12 - Self.height))
        // A real recording playing: the bar takes its length, starts where the player starts
        // (each room plays from the beginning), and follows the player's position.
        listen(to: .videoReady) { bar, info in
            guard info.duration > 0 else { return }
            bar.duration = max(1, info.duration)
            bar.position = 0
        }
        listen(to: .videoProgress) { bar, progress in
            guard bar.isPlaying, bar.scrubPosition == nil, progress.time >= 0 else { return }
            bar.position = min(bar.duration, progress.time)
        }
        // Another bar of the room (the landscape screen's) pauses, resumes and seeks the same
        // recording: this one follows, so the two never disagree.
        listen(to: .playbackToggled) { bar, playing in
            if playing, bar.position >= bar.duration { bar.position = 0 }
            bar.isPlaying = playing
        }
        listen(to: .playbackSeeked) { bar, position in bar.position = min(max(0, position), bar.duration) }
    }

    /// A bar that shows the same recording where this one is, at `level`: the landscape
    /// screen's, which then follows this one's announcements as this one follows its.
    package func copy(level: Double) -> PlaybackBarWidget {
        PlaybackBarWidget(level: level, duration: duration, start: position, playing: isPlaying)
    }

    /// The progress bar's track in the widget's coordinates.
    package var track: Rect {
        Rect(x: 84, y: Self.height / 2 - 3, width: max(40, bounds.width - 84 - Self.timeWidth - 18), height: 6)
    }

    /// "03:12 / 45:00"; while scrubbing, the time under the finger.
    package var timeText: String {
        DisplayFormat.elapsed(scrubPosition ?? position) + " / " + DisplayFormat.elapsed(duration)
    }

    /// Whether `point` is on the bar's track, with room for a finger around it.
    func isOnTrack(_ point: Point) -> Bool { point.x >= track.minX - 14 && point.x <= track.maxX + 14 }

    package override func handleTap(at point: Point) -> Bool {
        if point.distance(to: Self.buttonCenter) <= 34 {
            toggle()
        } else if isOnTrack(point) {
            seek(toFraction: (point.x - track.minX) / track.width)
        }
        return true
    }

    package override func dragAxes(at point: Point) -> DragAxes? { isOnTrack(point) ? .horizontal : nil }

    package override func handleDrag(_ drag: DragInfo) {
        let fraction = min(max((drag.location.x - track.minX) / track.width, 0), 1)
        switch drag.phase {
        case .began, .changed: scrubPosition = fraction * duration
        case .ended:
            scrubPosition = nil
            seek(toFraction: fraction)
        default: scrubPosition = nil
        }
    }

    /// Pauses or resumes; announces `.playbackToggled`. Resuming at the end starts over.
    package func toggle() {
        if !isPlaying, position >= duration { position = 0 }
        isPlaying.toggle()
        publish(.playbackToggled, isPlaying)
    }

    /// Moves to `fraction` (clamped to 0...1) of the recording; announces `.playbackSeeked`.
    package func seek(toFraction fraction: Double) {
        position = min(max(fraction, 0), 1) * duration
        publish(.playbackSeeked, position)
    }

    package override func update(_ step: FrameStep) {
        guard isPlaying else { return }
        position = min(duration, position + step.dt)
        if position >= duration {
            isPlaying = false
            publish(.playbackToggled, false)
        }
    }

    /// About 20 draw items per frame.
    package override func draw(in canvas: Canvas) {
        canvas.fillRoundedRect(bounds, radius: Self.height / 2, Palette.panel)
        let b = Self.buttonCenter
        canvas.fillCircle(center: b, radius: 28, Color.white.withAlpha(0.18))
        if isPlaying {
            canvas.fillRoundedRect(Rect(x: b.x - 10, y: b.y - 12, width: 7, height: 24), radius: 2, .white)
            canvas.fillRoundedRect(Rect(x: b.x + 3, y: b.y - 12, width: 7, height: 24), radius: 2, .white)
        } else {
            canvas.fillTriangle(center: Point(x: b.x + 3, y: b.y), size: 24, pointing: .right, .white)
        }
        let t = track
        let x = t.minX + t.width * (scrubPosition ?? position) / duration
        canvas.fillRoundedRect(t, radius: 3, Color.white.withAlpha(0.3))
        canvas.fillRoundedRect(Rect(x: t.minX, y: t.minY, width: x - t.minX, height: t.height), radius: 3, Palette.brand)
        // A held knob grows under the finger, as players show scrubbing.
        canvas.fillCircle(center: Point(x: x, y: t.midY), radius: scrubPosition == nil ? 11 : 16, .white)
        canvas.text(
            timeText, font: Self.timeFont, color: Palette.text,
            at: Point(x: bounds.width - 24, y: Self.height / 2 - 15), alignment: .right)
    }
}
