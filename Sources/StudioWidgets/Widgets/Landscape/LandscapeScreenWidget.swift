import StudioDomain
import StudioKit

/// The room turned to landscape: the device is on its side, so the screen is the portrait
/// viewport with its sides swapped (1280 wide by 720 tall in its own coordinates). The video
/// fills it; over it, its own overlay laid out for the wide screen: a top bar with the back
/// button and the room's title, a like button at the bottom right, in a recording's room its
/// playback bar (pause, seek, scrub) beside it, and, in a room with a danmaku band, the
/// barrage across the wide picture, with the hearts a like sends.
///
/// The room's orientation adds it to the float layer when the room turns
/// (`OrientationService.setLandscape`) and removes it once it has turned back. The window stays portrait, like a
/// phone seen upright on the desk: the widget is presented a quarter turn clockwise about the
/// portrait screen's centre (its `transform`), so its top edge runs down the window's right
/// side. Touches come through the same turn: the hit tester takes a window point into this
/// widget's coordinates through the inverse of its transform, so a tap lands on what is
/// drawn under it.
///
/// The turn animates over `turnDuration`: the picture grows from where it was on the
/// portrait page (full screen or letterboxed) and turns; the overlay, barrage and hearts
/// show once it has arrived. Both ends are exact: a quarter turn with no rounding in it, and
/// the portrait picture's rectangle.
///
/// What a touch does in landscape is decided here and in the studio (see README's keys):
/// - the back button returns to portrait;
/// - the like button is a tap on the room: the studio sends hearts (`handleTap` answers false);
/// - a danmaku comment pauses (the barrage claims those taps itself);
/// - anywhere else a tap hides the overlay, or shows it when hidden (no hearts): the
///   picture is what a viewer came for;
/// - swipes do nothing: the studio maps both axes to nothing in landscape (no room change,
///   no lite mode), as the apps do in full screen.
public final class LandscapeScreenWidget: Widget {
    /// Seconds the quarter turn takes.
    package static let turnDuration = 0.3
    /// The top bar's height, and the back button in it (screen coordinates, turned).
    package static let barHeight = 88.0
    package static let backButton = Rect(x: 16, y: 12, width: 64, height: 64)
    static let likeSide = 72.0
    static let shade = Color.black.withAlpha(0.55)

    /// 0 = where the portrait picture is, 1 = across the turned screen; eases linearly in
    /// time (the motion is eased in `transform(at:)`).
    package private(set) var progress = 0.0
    /// True while the room is turned (and the screen turning to it); false while it turns back.
    package private(set) var isLandscape = false
    /// Whether the overlay (top bar, like button) shows; a tap on the picture toggles it.
    package private(set) var showsControls = true
    /// The barrage across the wide picture, in a room that has one.
    public private(set) var danmaku: DanmakuWidget?
    public private(set) var hearts: HeartsWidget?
    /// The recording's playback bar, shown with the overlay, in a playback room.
    package private(set) var playbackBar: PlaybackBarWidget?

    private weak var picture: (any RoomPicture)?
    private let title: String
    private var fittedTitle = ""
    private let danmakuConfiguration: DanmakuConfiguration?
    /// Where the portrait picture is, in the parent's coordinates: the turn starts and ends there.
    private var portraitPicture = Rect(origin: .zero, size: .studio)

    /// - Parameters:
    ///   - level: the widget's level (its layer and its place there).
    ///   - picture: the room's picture, which this screen draws (black without one).
    ///   - title: what the top bar says.
    ///   - danmaku: the portrait band's configuration, for a barrage across the wide screen;
    ///     nil for none.
    public init(
        level: Double = Levels.landscapeScreen, picture: (any RoomPicture)?, title: String,
        danmaku: DanmakuConfiguration?
    ) {
        self.picture = picture
        self.title = title
        danmakuConfiguration = danmaku
        super.init(name: "landscapeScreen", level: level, frame: Self.frame(in: .studio))
    }

    /// The turned screen before its turn: the viewport's sides swapped, centred on it.
    public static func frame(in viewport: Size) -> Rect {
        Rect(
            x: (viewport.width - viewport.height) / 2, y: (viewport.height - viewport.width) / 2,
            width: viewport.height, height: viewport.width)
    }

    /// The like button, at the bottom right of the turned screen.
    package var likeButton: Rect {
        Rect(
            x: bounds.width - 24 - Self.likeSide, y: bounds.height - 24 - Self.likeSide,
            width: Self.likeSide, height: Self.likeSide)
    }

    /// True once the screen has turned back to portrait: the studio removes it then.
    package var hasTurnedBack: Bool { !isLandscape && progress == 0 }

    /// The overlay, barrage and hearts show once the turn has arrived.
    var isSettled: Bool { isLandscape && progress == 1 }

    public override func didLoad() {
        guard let context else { return }
        frame = Self.frame(in: context.environment.viewport)
        // The float layer fills the screen untransformed, so root and parent coordinates agree.
        if let picture { portraitPicture = picture.transformToRoot.apply(picture.pictureRect) }
        fittedTitle = context.environment.measurer.fitting(
            title, font: .bold(30),
            maxWidth: bounds.width - Self.backButton.maxX - 140)
        if var band = danmakuConfiguration {
            // Below the top bar and the video's badge, above the like button.
            band.bandTop = Self.barHeight + 56
            band.bandHeight = (bounds.height * 0.5).rounded()
            let widget = DanmakuWidget(level: level, configuration: band)
            try? addChild(widget)  // the screen's own level: valid, and the widget is new
            danmaku = widget
        }
        let hearts = HeartsWidget(level: level)
        try? addChild(hearts)
        // Hearts rise where the screen's taps land: its frame is the screen, not the viewport.
        hearts.frame = bounds
        self.hearts = hearts
        showChildren()
    }

    /// Shows `bar` at the bottom of the overlay, left of the like button (once loaded).
    package func showPlayback(_ bar: PlaybackBarWidget) {
        guard playbackBar == nil else { return }
        try? addChild(bar)  // the screen's own level: valid, and the bar is new
        bar.frame = Rect(
            x: 24, y: bounds.height - 24 - PlaybackBarWidget.height,
            width: likeButton.minX - 24 - 24, height: PlaybackBarWidget.height)
        playbackBar = bar
        showChildren()
    }

    /// Starts the turn to landscape (true) or back to portrait (false).
    public func turn(toLandscape landscape: Bool) {
        isLandscape = landscape
        passesTouchesThrough = !landscape
        if landscape { showsControls = true }
        showChildren()
        transform = Self.transform(at: progress, from: portraitPicture, screen: frame)
    }

    public override func update(_ step: FrameStep) {
        let target: Double = isLandscape ? 1 : 0
        let delta = step.dt / Self.turnDuration
        progress = progress < target ? min(target, progress + delta) : max(target, progress - delta)
        transform = Self.transform(at: progress, from: portraitPicture, screen: frame)
        showChildren()
    }

    private func showChildren() {
        for child in children { child.isHidden = !isSettled }
        // The bar is part of the overlay: a tap on the picture hides it with the top bar.
        playbackBar?.isHidden = !isSettled || !showsControls
    }

    /// The turn at `progress`, about the screen's centre: at 0 the screen squeezed onto the
    /// portrait picture, at 1 exactly a quarter turn clockwise (no sine or cosine rounding).
    static func transform(at progress: Double, from picture: Rect, screen: Rect) -> Transform {
        guard progress < 1 else { return Transform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0) }
        let e = progress * progress * (3 - 2 * progress)
        let sx = picture.width / screen.width, sy = picture.height / screen.height
        let scale = Transform.scale(sx + (1 - sx) * e, sy + (1 - sy) * e)
        return scale.then(.rotation(e * .pi / 2))
            .then(.translation((picture.midX - screen.midX) * (1 - e), (picture.midY - screen.midY) * (1 - e)))
    }

    // MARK: Touch

    /// While it turns back, taps go to the portrait page beneath.
    public override func claimsTap(at point: Point) -> Bool { isLandscape }

    public override func handleTap(at point: Point) -> Bool {
        guard isLandscape else { return false }
        if !showsControls {
            showsControls = true
        } else if Self.backButton.contains(point) {
            context?.orientation?.setLandscape(false)
        } else if likeButton.contains(point) {
            return false  // a tap on the room: the studio sends hearts
        } else {
            showsControls = false
        }
        showChildren()
        return true
    }

    /// A double tap on the picture is a like, as in full-screen players; the overlay's toggle
    /// waits for it to fail, the buttons do not.
    public override func recognizesDoubleTap(at point: Point) -> Bool {
        isSettled && !Self.backButton.contains(point) && !likeButton.contains(point)
    }

    public override func handleDoubleTap(at point: Point) {
        context?.likes?.sendLike(at: transformToRoot.apply(point))
    }

    // MARK: Drawing

    /// About 85 draw items for the picture, 12 more with the overlay.
    public override func draw(in canvas: Canvas) {
        canvas.fillRect(bounds, .black)
        canvas.withClip(bounds) {
            picture?.drawPicture(in: canvas, size: bounds.size, badgeOrigin: Point(x: 32, y: Self.barHeight + 12))
        }
        guard isSettled, showsControls else { return }
        canvas.fillVerticalGradient(
            Rect(x: 0, y: 0, width: bounds.width, height: Self.barHeight + 40),
            top: Self.shade, bottom: .clear, bands: 8)
        let back = Self.backButton
        canvas.fillCircle(center: back.center, radius: back.width / 2, Palette.panel)
        Icons.back(canvas, center: back.center, size: 30, .white)
        canvas.text(fittedTitle, font: .bold(30), color: .white, at: Point(x: back.maxX + 16, y: back.midY - 18))
        let like = likeButton
        canvas.fillCircle(center: like.center, radius: like.width / 2, Palette.panel)
        canvas.fillHeart(center: like.center, width: 36, Palette.brand)
    }
}
