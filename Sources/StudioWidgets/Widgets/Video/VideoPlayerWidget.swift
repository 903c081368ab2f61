import StudioDomain
import StudioKit

/// The displayer: a simulated live video. The picture moves (see `VideoScene`) and shows the
/// play time as "LIVE mm:ss.d" (or REPLAY / PREVIEW, see `label`), all from simulated step
/// time, never the wall clock. It fades in as the stream "connects", showing the cover
/// beneath. Touches pass through.
///
/// A portrait stream fills the portrait page. A landscape stream (`stream`) is letterboxed
/// as the apps show one: a 16:9 picture the width of the screen just under the host card,
/// the rest of the page darkened over the cover; its full-screen button is the rotate
/// button, which sits on the picture's corner (`RotateButtonWidget`). Turned to landscape,
/// the picture is drawn by the landscape screen (`LandscapeScreenWidget`, through
/// `drawPicture`), while this widget's layer is hidden; it keeps playing meanwhile.
///
/// A paused playback (`.playbackToggled` false) holds the picture: play time stops, so the
/// picture and the time it shows stop together. The clock of a live stream is the room's
/// one live timer (`LiveSessionService.liveTime`, from going live).
package final class VideoPlayerWidget: Widget {
    /// Seconds of video played since the widget loaded (held while paused).
    package private(set) var playTime: Double = 0
    /// True while a playback is paused: the picture holds.
    package private(set) var isPaused = false
    /// Seconds since the widget loaded (the connect fade runs on it, paused or not).
    private var age: Double = 0
    /// Seconds the picture takes to fade in after load.
    package var connectDuration = 0.6
    /// What the corner badge says: a live stream with its clock, a replay, a preview.
    package var label = VideoLabel.live
    /// Whether `label` says ended because the live stream it showed ended.
    private var endedLive = false
    /// The shape of the stream: portrait fills the page, landscape is letterboxed.
    package var stream = VideoStream.portrait
    /// A video file this room plays (a path under Assets; the configuration's `file`), asked
    /// of the player as the room loads. Nil: whatever the player plays every room.
    package var file: String?
    /// Whether a stream that ended holds its last frame, dimmed, saying so (a viewer's
    /// player); the host's studio says it on its own panel instead.
    package var endCard = true
    private var look = VideoLook.forRoom(1)
    /// The real stream, when a player plays a file (`studio run --video`): what it holds,
    /// and the frame to show. Without one the picture is the procedural scene.
    package private(set) var videoInfo: VideoInfo?
    package private(set) var videoFrame: VideoFrame?
    /// The host's beauty effects, as the host panel last announced them.
    package private(set) var beauty = Beauty.none
    /// Why the file cannot play: the picture stays procedural and says the video is unavailable.
    package private(set) var videoFailure: String?
    /// The player's latest progress: position, frames dropped and queued, decode and convert times.
    package private(set) var videoProgress: VideoProgress?

    /// The top of a letterboxed picture: just under the host card (which ends at 144).
    package static let letterboxTop = 160.0

    package init(level: Double = Levels.video) {
        super.init(name: "video", level: level, frame: Rect(origin: .zero, size: .studio))
        passesTouchesThrough = true
        alpha = 0
    }

    package override func didLoad() {
        guard let context else { return }
        frame = Rect(origin: .zero, size: context.environment.viewport)
        look = VideoLook.forRoom(context.room.id)
        listen(to: .playbackToggled) { widget, playing in
            widget.isPaused = !playing
            // A real stream is paused by its player: the picture freezes on the frame shown.
            widget.publish(.videoControlRequested, playing ? .play : .pause)
        }
        listen(to: .playbackSeeked) { $0.publish(.videoControlRequested, .seek(to: $1)) }
        // A live picture whose stream ends says so, and is live again when a server starts
        // the room's next stream (the host's room sets its own label).
        listen(to: .liveStateChanged) { widget, state in
            if state == .ended, widget.label == .live {
                widget.label = .ended
                widget.endedLive = true
            } else if state == .live, widget.endedLive {
                widget.label = .live
                widget.endedLive = false
            }
        }
        listen(to: .videoReady) { widget, info in
            widget.videoInfo = info
            widget.videoFailure = nil
        }
        listen(to: .videoFrame) { $0.videoFrame = $1 }
        listen(to: .beautyChanged) { $0.beauty = $1 }
        listen(to: .videoProgress) { $0.videoProgress = $1 }
        listen(to: .videoFailed) { widget, failure in
            widget.videoFailure = failure
            widget.videoFrame = nil
        }
        if let file { publish(.videoControlRequested, .open(file)) }
    }

    package override func update(_ step: FrameStep) {
        // A stream that ended sends no more frames: the picture holds the last one.
        if !isPaused, !showsEnd { playTime += step.dt }
        age += step.dt
        alpha = min(1, age / connectDuration)
    }

    /// Where the picture is on the portrait page, in this widget's coordinates: the whole
    /// widget for a portrait stream; for a landscape one, a 16:9 band the widget's width at
    /// `letterboxTop`.
    package var pictureRect: Rect {
        guard stream == .landscape else { return bounds }
        return Rect(x: 0, y: Self.letterboxTop, width: bounds.width, height: (bounds.width * 9 / 16).rounded())
    }

    /// The picture as it plays now, `size` big at the origin, its badge at `badgeOrigin`:
    /// this widget draws it on the portrait page, the landscape screen across the turned one.
    /// - Complexity: about 85 draw items (see `VideoScene`).
    package func drawPicture(in canvas: Canvas, size: Size, badgeOrigin: Point) {
        let clock = context?.liveSession?.liveTime ?? playTime
        var scene = VideoScene(look: look, label: label, clock: clock, badgeOrigin: badgeOrigin)
        scene.beauty = beauty
        if let frame = videoFrame {
            let area = Rect(origin: .zero, size: size)
            canvas.fillRect(area, .black)
            canvas.withClip(area) { canvas.picture(frame.picture, in: Self.place(frame.picture, in: size)) }
            scene.drawFilter(canvas, size.width, size.height)
            scene.drawOverlay(in: canvas, size: size, time: frame.time)
        } else {
            scene.draw(in: canvas, size: size, time: playTime)
            if videoFailure != nil { drawUnavailable(in: canvas, size: size) }
        }
        if showsEnd { drawEnded(in: canvas, size: size, after: clock) }
    }

    /// Whether the picture shows now that its stream ended (`endCard`, and the label ended).
    private var showsEnd: Bool { endCard && label == .ended }

    /// The picture dimmed, with "Live ended" and how long the stream ran: what a viewer's
    /// player shows once the host stops.
    private func drawEnded(in canvas: Canvas, size: Size, after seconds: Double) {
        canvas.fillRect(Rect(origin: .zero, size: size), Color.black.withAlpha(0.55))
        let middle = Point(x: size.width / 2, y: size.height * 0.4)
        canvas.text("Live ended", font: .bold(40), color: .white, at: middle, alignment: .center)
        canvas.text(
            "Streamed for " + DisplayFormat.elapsed(seconds), font: .regular(28), color: Color.white.withAlpha(0.8),
            at: Point(x: middle.x, y: middle.y + 60), alignment: .center)
    }

    /// Where a decoded picture goes in a `size` area: scaled to fill it (the edges cut off)
    /// when both have the same orientation; otherwise shown whole, letterboxed (a camera on
    /// its side in a portrait room) or pillarboxed (an upright phone's stream turned to
    /// landscape), as players show them.
    package static func place(_ picture: Picture, in size: Size) -> Rect {
        let w = Double(picture.width), h = Double(picture.height)
        guard w > 0, h > 0, size.width > 0, size.height > 0 else { return Rect(origin: .zero, size: size) }
        let fill = max(size.width / w, size.height / h)
        let fit = min(size.width / w, size.height / h)
        let scale = (w > h) != (size.width > size.height) ? fit : fill
        let pw = w * scale, ph = h * scale
        return Rect(x: (size.width - pw) / 2, y: (size.height - ph) / 2, width: pw, height: ph)
    }

    /// A pill over the procedural picture: the file given cannot play.
    private func drawUnavailable(in canvas: Canvas, size: Size) {
        let pill = Rect(x: (size.width - 300) / 2, y: size.height * 0.42, width: 300, height: 48)
        canvas.fillRoundedRect(pill, radius: 24, Color.black.withAlpha(0.6))
        canvas.text(
            "video unavailable", font: .bold(26), color: .white,
            at: Point(x: pill.midX, y: pill.minY + 9), alignment: .center)
    }

    /// About 85 draw items per frame; two more around a letterboxed picture.
    package override func draw(in canvas: Canvas) {
        guard stream == .landscape else {
            drawPicture(in: canvas, size: frame.size, badgeOrigin: Point(x: 24, y: 164))
            return
        }
        let picture = pictureRect
        // Around the strip, an opaque backdrop in the picture's own colors, darkened, as the
        // apps show a blurred copy of the video: the page reads over it, and the room's cover
        // (the host's silhouette) no longer looms under a thin strip of video.
        canvas.fillRect(bounds, look.wallTop.mixed(with: .black, 0.8))
        canvas.fillVerticalGradient(
            Rect(x: 0, y: picture.maxY, width: bounds.width, height: bounds.height - picture.maxY),
            top: look.wallBottom.mixed(with: .black, 0.6), bottom: look.wallTop.mixed(with: .black, 0.85), bands: 12)
        canvas.withClip(picture) {
            canvas.withState(transform: .translation(picture.minX, picture.minY)) {
                drawPicture(in: canvas, size: picture.size, badgeOrigin: Point(x: 16, y: 16))
            }
        }
    }

    /// Draws the picture in `newLook` from the next frame on: another host is on camera
    /// (a hosts loop hands the room over).
    package func showLook(_ newLook: VideoLook) { look = newLook }

    /// The look the picture is drawn in.
    package var currentLook: VideoLook { look }
}

/// What the video's corner badge says.
package enum VideoLabel: String, Hashable, Sendable, CaseIterable {
    case live, replay, preview, ended
}

/// The shape of the stream the host sends: a phone held upright, or a camera (or a screen)
/// on its side.
package enum VideoStream: String, Hashable, Sendable, CaseIterable {
    case portrait, landscape
}

extension VideoPlayerWidget: CatalogWidget {
    package static let catalogName = "video"
    package static var defaultLevel: Double { Levels.video }

    /// Options: `connectSeconds` (0...10, default 0.6), how long the picture takes to fade
    /// in; `label` (live, replay, preview; default live), what its corner badge says;
    /// `stream` (portrait, landscape; default portrait), the stream's shape: a landscape one
    /// is letterboxed at the top of the portrait page; `file` (a path under Assets, default
    /// none), a video this kind's rooms play when the app has a video player, over the one
    /// `--video` gives every room; `endCard` (default true), whether a stream that ended
    /// holds its last frame, dimmed, with "Live ended" (the host's studio says so on its
    /// panel). Two-camera rooms put a second picture over it (`pkOpponent`, `coStreamWindow`).
    package static func make(level: Double, options: WidgetOptions) throws -> Widget {
        let widget = VideoPlayerWidget(level: level)
        widget.connectDuration = try options.double("connectSeconds", default: widget.connectDuration, in: 0...10)
        let label = try options.choice("label", default: "live", allowed: VideoLabel.allCases.map(\.rawValue))
        widget.label = VideoLabel(rawValue: label)!
        let stream = try options.choice("stream", default: "portrait", allowed: VideoStream.allCases.map(\.rawValue))
        widget.stream = VideoStream(rawValue: stream)!
        widget.file = try options.assetPath("file")
        widget.endCard = try options.bool("endCard", default: true)
        try options.finish()
        return widget
    }
}
