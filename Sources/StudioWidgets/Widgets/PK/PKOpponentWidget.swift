import StudioDomain
import StudioKit

/// The split screen of a PK battle, as PK rooms show it: over a dimmed stage, two framed
/// pictures side by side in a band under the PK bar, this room's host on the left in a red
/// frame and the opponent on the right in a blue one. Each picture is its host's own
/// simulated camera feed (`VideoScene` in that host's `VideoLook`, laid out for its half
/// and clipped to it) with the host's name on it; the opponent's feed runs a few seconds
/// apart, so the two hosts do not sway in step. The stage covers the room's own full-screen
/// video, which the left picture shows. It is the room's picture (`RoomPicture`): turned to
/// landscape, the landscape screen draws the two pictures filling the wide screen, half
/// each. All from step time, so frames repeat. Touches pass through.
///
/// With real streams, each half shows its own, framed to the half: the left the room's
/// (the main channel, `--video` or the kind's `video` file), the right the opponent's
/// (`VideoChannel.opponent`: `--opponent-video`, or this widget's `file`), which the widget
/// asks its player for as it loads. A side without a stream keeps its drawn feed.
public final class PKOpponentWidget: Widget, CatalogWidget, RoomPicture {
    public static let catalogName = "pkOpponent"
    public static let defaultLevel = Levels.pkOpponent

    package let opponentName: String
    /// This room's host, on the left.
    public private(set) var hostName = ""
    /// Seconds of the two feeds played.
    package private(set) var playTime = 0.0
    /// The top of the band and its height (0 = to the bottom of the screen).
    let bandTop: Double
    let bandHeight: Double
    /// The looks of the two feeds: the room's own on the left, the opponent's on the right.
    private(set) var hostLook = VideoLook.forRoom(1)
    private(set) var opponentLook = VideoLook.forRoom(2)
    /// The two names as their pills show them, fitted once per name and width, not per frame.
    private var names = [FittedLine(), FittedLine()]
    /// The two real streams' current frames, when players play them: the room's own (left)
    /// and the opponent's (right), each in place of its drawn feed.
    package private(set) var hostFrame: VideoFrame?
    package private(set) var opponentFrame: VideoFrame?
    /// The opponent's player's latest progress (its counters, for the profilers).
    package private(set) var opponentProgress: VideoProgress?
    /// The opponent's video file (a path under Assets; the configuration's `file`), asked of
    /// the opponent's player as the room loads. Nil: the player's own file, if it has one.
    package var opponentFile: String?

    /// Under the PK bar; two 3:4 pictures that end where the comment list begins.
    public static let defaultTop = 308.0
    public static let defaultHeight = 480.0
    static let gap = 4.0
    static let margin = 8.0
    static let border = 4.0
    /// How far the opponent's feed runs ahead of the host's.
    static let opponentLead = 4.3
    static let stageTop = Color(hex: 0x1B0B33)
    static let stageBottom = Color(hex: 0x071A3D)

    public init(
        level: Double = Levels.pkOpponent, opponentName: String = DemoPeople.opponent,
        top: Double = PKOpponentWidget.defaultTop, height: Double = PKOpponentWidget.defaultHeight
    ) {
        self.opponentName = opponentName
        bandTop = top
        bandHeight = height
        super.init(name: "pkOpponent", level: level, frame: Rect(origin: .zero, size: .studio))
        passesTouchesThrough = true
        clipsToBounds = true
    }

    /// Options: `name` (the opponent, default "Kai"), `y` (top of the pictures, default 308),
    /// `height` (their height, default 480; 0 = to the bottom of the screen) and `file` (a
    /// path under Assets, default none): the opponent's stream.
    public static func make(level: Double, options: WidgetOptions) throws -> Widget {
        let widget = PKOpponentWidget(
            level: level, opponentName: try options.string("name", default: DemoPeople.opponent),
            top: try options.double("y", default: defaultTop, in: 0...4096),
            height: try options.double("height", default: defaultHeight, in: 0...4096))
        widget.opponentFile = try options.assetPath("file")
        try options.finish()
        return widget
    }

    public override func didLoad() {
        guard let context else { return }
        frame = Rect(origin: .zero, size: context.environment.viewport)
        hostName = context.room.hostName
        hostLook = VideoLook.forRoom(context.room.id)
        opponentLook = VideoLook.forPerson(opponentName, unlike: hostLook)
        listen(to: .videoFrame) { $0.hostFrame = $1 }
        listen(to: .opponentVideoFrame) { $0.opponentFrame = $1 }
        listen(to: .videoFailed) { widget, _ in widget.hostFrame = nil }
        listen(to: .opponentVideoFailed) { widget, _ in widget.opponentFrame = nil }
        listen(to: .opponentVideoProgress) { $0.opponentProgress = $1 }
        publish(.opponentVideoControlRequested, opponentFile.map { .open($0) } ?? .play)
    }

    /// The band the two pictures share in portrait, in the widget's coordinates.
    package var band: Rect {
        let top = min(bandTop, bounds.height)
        return Rect(x: 0, y: top, width: bounds.width, height: bandHeight > 0 ? bandHeight : bounds.height - top)
    }

    /// The picture of one side (-1 this room's host, 1 the opponent), frame included, in
    /// portrait (the widget's coordinates).
    package func picture(_ side: Int) -> Rect { picture(side, in: band) }

    /// Side `side`'s half of `band`, less the margins and the gap between the two.
    private func picture(_ side: Int, in band: Rect) -> Rect {
        let width = (band.width - 2 * Self.margin - Self.gap) / 2
        let x = side < 0 ? band.minX + Self.margin : band.maxX - Self.margin - width
        return Rect(x: x, y: band.minY, width: width, height: band.height)
    }

    public override func update(_ step: FrameStep) {
        playTime += step.dt
    }

    /// About 200 draw items per frame: the stage and two feeds of about 85.
    public override func draw(in canvas: Canvas) {
        drawSplit(canvas, size: bounds.size, band: band)
    }

    public var pictureRect: Rect { band }

    /// The two pictures filling `size`, half each, over the stage; no badge (the PK bar
    /// keeps the round's time), the names where a badge would go, clear of what the
    /// landscape screen lays over the top.
    public func drawPicture(in canvas: Canvas, size: Size, badgeOrigin: Point) {
        drawSplit(canvas, size: size, band: Rect(origin: .zero, size: size), nameTop: badgeOrigin.y)
    }

    /// The stage over `size` and the two pictures in `band`, their names `nameTop` below the
    /// band's top (12 unless given).
    private func drawSplit(_ canvas: Canvas, size: Size, band: Rect, nameTop: Double = 12) {
        canvas.fillVerticalGradient(Rect(origin: .zero, size: size), top: Self.stageTop, bottom: Self.stageBottom, bands: 12)
        drawSide(canvas, picture(-1, in: band), side: -1, look: hostLook, name: hostName, time: playTime, nameTop: nameTop)
        drawSide(
            canvas, picture(1, in: band), side: 1, look: opponentLook, name: opponentName,
            time: playTime + Self.opponentLead, nameTop: nameTop)
    }

    /// One host's feed laid out for its picture and clipped to it, the frame in the side's
    /// color (red left, blue right) and the host's name in the picture's outer top corner.
    private func drawSide(
        _ canvas: Canvas, _ rect: Rect, side: Int, look: VideoLook, name: String, time: Double,
        nameTop: Double
    ) {
        let color = side < 0 ? PKBarWidget.red : PKBarWidget.blue
        canvas.withClip(rect) {
            canvas.withState(transform: .translation(rect.minX, rect.minY)) {
                if let frame = side < 0 ? hostFrame : opponentFrame {
                    canvas.fillRect(Rect(origin: .zero, size: rect.size), .black)
                    canvas.picture(frame.picture, in: VideoPlayerWidget.place(frame.picture, in: rect.size))
                } else {
                    VideoScene(look: look, showsBadge: false).draw(in: canvas, size: rect.size, time: time)
                }
            }
        }
        let inset = Self.border / 2
        canvas.stroke(.rect(rect.insetBy(dx: inset, dy: inset)), color, width: Self.border)
        let font = FontSpec.bold(24)
        let (label, labelWidth) = names[side < 0 ? 0 : 1].fit(
            name, font: font, maxWidth: rect.width - 70,
            measurer: canvas.measurer)
        let width = labelWidth + 46
        let pill = Rect(x: side < 0 ? rect.minX + 12 : rect.maxX - 12 - width, y: rect.minY + nameTop, width: width, height: 42)
        canvas.fillRoundedRect(pill, radius: 21, Palette.panel)
        canvas.fillCircle(center: Point(x: pill.minX + 20, y: pill.midY), radius: 7, color)
        canvas.text(label, font: font, color: .white, at: Point(x: pill.minX + 34, y: pill.minY + 7))
    }
}
