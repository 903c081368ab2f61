import StudioKit

/// The comment list at the bottom left: the last few comments in translucent bubbles, the
/// user's name in colour and the text in white, newest at the bottom; older ones fade and a
/// new one slides the list up.
///
/// Comments come from `.commentArrived` (payload `.custom(Comment)`) and, until the
/// simulated server feed exists, from a built-in timer: every `feedInterval` seconds of
/// simulated time one is chosen with the studio's seeded `random`.
public final class CommentListWidget: Widget {
    /// A comment laid out once, when it arrives, so drawing measures nothing.
    struct Line {
        var comment: Comment
        var name: String
        var text: String
        var nameWidth: Double
        var width: Double
    }

    /// The comments shown, oldest first; never more than `capacity`.
    public var comments: [Comment] { lines.map(\.comment) }
    public let capacity: Int
    /// Seconds between two demo comments; nil turns the built-in feed off.
    public var feedInterval: Double? = 0.8
    private var lines: [Line] = []
    private var untilNextComment = 0.8
    /// How far (px) the bubbles still sit below their place; eases to 0 after an arrival.
    private var slide = 0.0

    static let font = FontSpec.regular(26)
    static let nameFont = FontSpec.bold(26)
    static let bubbleHeight = 52.0
    static let spacing = 10.0
    static let padding = 16.0
    static let gap = 10.0
    static let maxBubbleWidth = 520.0
    static var pitch: Double { bubbleHeight + spacing }

    public init(level: Double = Levels.commentList, capacity: Int = 6) {
        self.capacity = max(1, capacity)
        let height = Double(self.capacity) * Self.pitch - Self.spacing
        super.init(name: "commentList", level: level,
                   frame: Rect(x: 20, y: 1150 - height, width: Self.maxBubbleWidth, height: height))
        isGesturePenetrate = true
        clipsToBounds = true
    }

    public override func didLoad() {
        guard let context else { return }
        // Sits above the docker, whatever the viewport's height.
        frame.origin.y = context.environment.viewport.height - 130 - frame.height
        untilNextComment = feedInterval ?? 0
        listen(to: .commentArrived)
        append(Comment(user: "LiveStudio", text: DemoComments.welcome, userColor: Palette.gold))
    }

    public override func onEvent(_ name: EventName, sender: AnyObject?, userInfo: EventPayload) {
        if name == .commentArrived, case .custom(let value) = userInfo, let comment = value.get(Comment.self) {
            append(comment)
        }
    }

    /// Adds a comment at the bottom, dropping the oldest beyond `capacity`.
    /// - Complexity: measures the comment (more when it must be cut to fit).
    public func append(_ comment: Comment) {
        lines.append(layout(comment, measurer: context?.environment.measurer ?? ApproximateTextMeasurer()))
        if lines.count > capacity { lines.removeFirst(lines.count - capacity) }
        slide = min(slide + Self.pitch, Self.pitch * 2)
    }

    private func layout(_ comment: Comment, measurer: TextMeasurer) -> Line {
        let name = measurer.fitting(comment.user, font: Self.nameFont, maxWidth: 180)
        let nameWidth = measurer.measure(name, font: Self.nameFont).width
        let room = Self.maxBubbleWidth - 2 * Self.padding - nameWidth - Self.gap
        let text = measurer.fitting(comment.text, font: Self.font, maxWidth: room)
        let textWidth = measurer.measure(text, font: Self.font).width
        return Line(comment: comment, name: name, text: text, nameWidth: nameWidth,
                    width: 2 * Self.padding + nameWidth + Self.gap + textWidth)
    }

    public override func update(_ step: FrameStep) {
        slide = max(0, slide - step.dt * Self.pitch / 0.18)
        guard let interval = feedInterval, interval > 0, let environment = context?.environment else { return }
        untilNextComment -= step.dt
        while untilNextComment <= 0 {
            untilNextComment += interval
            let user = environment.random.pick(DemoComments.users)
            let text = environment.random.pick(DemoComments.phrases)
            let color = environment.random.pick(Palette.names)
            append(Comment(user: user, text: text, userColor: color))
        }
    }

    /// Three draw items per comment (bubble, name, text).
    /// - Complexity: O(capacity) per frame.
    public override func draw(in canvas: Canvas) {
        let n = lines.count
        let textY = (Self.bubbleHeight - 32) / 2
        for (i, line) in lines.enumerated() {
            let age = n - 1 - i // 0 = newest
            let y = frame.height - Self.bubbleHeight - Double(age) * Self.pitch + slide
            guard y + Self.bubbleHeight > 0 else { continue }
            canvas.withState(alpha: max(0.3, 1 - 0.13 * Double(age))) {
                canvas.fillRoundedRect(Rect(x: 0, y: y, width: line.width, height: Self.bubbleHeight),
                                       radius: 16, Palette.bubble)
                canvas.text(line.name, font: Self.nameFont, color: line.comment.userColor,
                            at: Point(x: Self.padding, y: y + textY))
                canvas.text(line.text, font: Self.font, color: Palette.text,
                            at: Point(x: Self.padding + line.nameWidth + Self.gap, y: y + textY))
            }
        }
    }
}
