import StudioKit

/// The displayer: a simulated live video filling the screen. The picture moves (see
/// `VideoScene`) and shows the play time as "LIVE mm:ss.d" (or REPLAY / PREVIEW, see `label`), all from simulated step time,
/// never the wall clock. It fades in as the stream "connects", showing the cover beneath,
/// and turns 90° to landscape when the studio's orientation changes. Touches pass through.
///
/// A paused playback (`.playbackToggled` false) holds the picture: play time stops, so the
/// picture and the time it shows stop together. The clock of a live stream is the studio's
/// one live timer (`BasicBusinessStudio.liveTime`, from going live).
public final class VideoPlayerWidget: Widget {
    /// Seconds of video played since the widget loaded (held while paused).
    public private(set) var playTime: Double = 0
    /// True while a playback is paused: the picture holds.
    public private(set) var isPaused = false
    /// Seconds since the widget loaded (the connect fade runs on it, paused or not).
    private var age: Double = 0
    /// 0 = portrait, 1 = turned to landscape; eases towards the target.
    public private(set) var rotation: Double = 0
    public private(set) var isLandscape = false
    /// Seconds the picture takes to fade in after load.
    public var connectDuration = 0.6
    /// What the corner badge says: a live stream with its clock, a replay, a preview.
    public var label = VideoLabel.live
    private var look = VideoLook.forRoom(1)

    public init(level: Double = Levels.video) {
        super.init(name: "video", level: level, frame: Rect(origin: .zero, size: .studio))
        isGesturePenetrate = true
        alpha = 0
    }

    public override func didLoad() {
        guard let context else { return }
        frame = Rect(origin: .zero, size: context.environment.viewport)
        look = VideoLook.forRoom(context.room.id)
        listen(to: .orientationChanged)
        listen(to: .playbackToggled)
    }

    public override func onEvent(_ name: EventName, sender: AnyObject?, userInfo: EventPayload) {
        switch name {
        case .orientationChanged: if let landscape = userInfo.bool { isLandscape = landscape }
        case .playbackToggled: if let playing = userInfo.bool { isPaused = !playing }
        default: break
        }
    }

    public override func update(_ step: FrameStep) {
        if !isPaused { playTime += step.dt }
        age += step.dt
        alpha = min(1, age / connectDuration)
        let target: Double = isLandscape ? 1 : 0
        let delta = step.dt / 0.3
        rotation = rotation < target ? min(target, rotation + delta) : max(target, rotation - delta)
    }

    /// About 85 draw items per frame (see `VideoScene`).
    public override func draw(in canvas: Canvas) {
        let scene = VideoScene(look: look, label: label,
                               clock: (context?.studio as? BasicBusinessStudio)?.liveTime ?? playTime)
        guard rotation > 0 else {
            scene.draw(in: canvas, size: frame.size, time: playTime)
            return
        }
        // Landscape: the picture is laid out wide (height x width) and turned a quarter
        // about the screen's centre, so it fills the portrait screen sideways.
        let w = frame.width, h = frame.height
        let size = Size(width: w + (h - w) * rotation, height: h + (w - h) * rotation)
        let turn = Transform.translation(-size.width / 2, -size.height / 2)
            .then(.rotation(rotation * .pi / 2))
            .then(.translation(w / 2, h / 2))
        canvas.withState(transform: turn) { scene.draw(in: canvas, size: size, time: playTime) }
    }

    /// Draws the picture in `newLook` from the next frame on: another host is on camera
    /// (a hosts loop hands the room over).
    func showLook(_ newLook: VideoLook) { look = newLook }

    /// The look the picture is drawn in.
    var currentLook: VideoLook { look }
}

/// What the video's corner badge says.
public enum VideoLabel: String, Hashable, Sendable, CaseIterable {
    case live, replay, preview, ended
}
