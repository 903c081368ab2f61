import StudioKit

/// The comment list at the bottom left: the last few comments in translucent bubbles, the
/// user's name in colour and the text in white, newest at the bottom; older ones fade and a
/// new one slides the list up.
///
/// Lines come from the room's server feed: comments (`.commentArrived`), audience entering
/// (`.audienceEntered`), gifts (`.giftArrived`) and platform notices (`.systemMessage`);
/// each kind has its own colour so the list reads at a glance.
public final class CommentListWidget: Widget {
    /// A comment laid out once, when it arrives, so drawing measures nothing.
    struct Line {
        var comment: Comment
        var name: String
        var text: String
        var nameWidth: Double
        var width: Double
        /// For a gift line: whose gift and which, so a combo can add to the line.
        var gift: GiftMessage?
    }

    /// The comments shown, oldest first; never more than `capacity`.
    public var comments: [Comment] { lines.map(\.comment) }
    public let capacity: Int
    private var lines: [Line] = []
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
        for event in [EventName.commentArrived, .audienceEntered, .giftArrived, .systemMessage] { listen(to: event) }
        append(Comment(user: "LiveStudio", text: Self.welcome, userColor: Palette.gold, kind: .system))
    }

    /// The notice pinned first when a room opens.
    static let welcome = "Welcome! Be kind in the chat."

    public override func onEvent(_ name: EventName, sender: AnyObject?, userInfo: EventPayload) {
        guard let line = Comment(event: name, payload: userInfo) else { return }
        if name == .giftArrived, case .custom(let v) = userInfo, let gift = v.get(GiftMessage.self) {
            addGift(gift, line: line)
        } else {
            append(line)
        }
    }

    /// A combo (the same sender sending the same gift again, with nothing in between) adds
    /// to the last line's count instead of a new line per send.
    private func addGift(_ gift: GiftMessage, line: Comment) {
        guard let last = lines.last?.gift, last.sender == gift.sender, last.gift.id == gift.gift.id else {
            append(line)
            lines[lines.count - 1].gift = gift
            return
        }
        var total = last
        total.count += gift.count
        let merged = Comment(event: .giftArrived, payload: .custom(AnyHashableSendable(total))) ?? line
        lines[lines.count - 1] = layout(merged, measurer: context?.environment.measurer ?? ApproximateTextMeasurer())
        lines[lines.count - 1].gift = total
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
                let bubble = Rect(x: 0, y: y, width: line.width, height: Self.bubbleHeight)
                canvas.fillRoundedRect(bubble, radius: 16, Palette.bubble)
                // The viewer's own comment is outlined, so they find it among the others.
                if line.comment.isOwn { canvas.stroke(.roundedRect(bubble, radius: 16), Palette.brand, width: 2) }
                canvas.text(line.name, font: Self.nameFont, color: line.comment.userColor,
                            at: Point(x: Self.padding, y: y + textY))
                canvas.text(line.text, font: Self.font, color: line.comment.kind.textColor,
                            at: Point(x: Self.padding + line.nameWidth + Self.gap, y: y + textY))
            }
        }
    }
}
