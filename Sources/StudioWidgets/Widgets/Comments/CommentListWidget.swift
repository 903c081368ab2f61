import StudioDomain
import StudioKit

/// The comment list at the bottom left: the last few comments in translucent bubbles, the
/// user's name in color and the text in white, newest at the bottom; older ones fade and a
/// new one slides the list up.
///
/// Lines come from the room's server feed: comments (`.commentArrived`), audience entering
/// (`.audienceEntered`), gifts (`.giftArrived`) and platform notices (`.systemMessage`);
/// each kind has its own color so the list reads at a glance.
///
/// The list keeps `historyLimit` lines and shows `capacity` of them. It owns vertical drags
/// inside its bounds once there is more than shows (a horizontal swipe on it still toggles
/// lite mode): a drag scrolls back through older lines, with a fling (`ScrollPhysics`).
/// While scrolled up, new lines do not move it; a "N new" pill counts them, and a tap on
/// it or scrolling back to the end follows the newest again. A long press on a chat
/// comment opens a small menu over it: Reply (the composer opens with "@name "), Copy and
/// Report (a toast says so). Taps elsewhere on the list pass through to the room.
///
/// A finger resting on the list holds it still, as a chat under a finger stops in the
/// apps, until the finger lifts and, if a menu opened, until the menu closes: lines that
/// arrive meanwhile wait (the pill counts them) and come in at once when it lets go, so
/// that however fast the room's chat runs, the comment under the finger is the one it
/// went down on, and its menu opens on it.
public final class CommentListWidget: Widget {
    /// A comment kept in the list, laid out the first time it is drawn or touched: in a busy
    /// room most lines scroll through and drop in the frame they came, and measuring their
    /// text would be most of the frame's work.
    struct Line {
        var comment: Comment
        /// For a gift line: whose gift and which, so a combo can add to the line.
        var gift: GiftMessage?
        var layout: Layout?
    }

    /// A line's text fitted to the bubble, and its widths: measured once.
    struct Layout {
        var name: String
        var text: String
        var nameWidth: Double
        var width: Double
    }

    /// The comments kept, oldest first; never more than `historyLimit`.
    public var comments: [Comment] { lines.map(\.comment) }
    /// How many lines show at once.
    package let capacity: Int
    /// How many lines are kept to scroll back through.
    package static let historyLimit = 100
    private var lines: [Line] = []
    /// How far (px) the bubbles still sit below their place; eases to 0 after an arrival.
    private var slide = 0.0
    /// The scroll through the kept lines; `offset` 0 shows the oldest.
    public private(set) var scroll: ScrollPhysics
    /// Whether the list follows the newest line (false while scrolled up).
    package private(set) var isFollowing = true
    /// Lines that arrived while scrolled up: the pill's count.
    package private(set) var unread = 0
    /// The comment whose menu is open, by its index in `lines`.
    package private(set) var menuLine: Int?
    /// The comment a finger went down on, by index, while a long press may follow (a line's
    /// slide in may still move the bubbles under the finger; lines arriving wait).
    private var pressedLine: Int?
    /// True while a finger rests on the list; with an open menu, the list holds still.
    private var isTouched = false
    /// Lines that arrived while the list held still, oldest first, in the order they came
    /// (at most `historyLimit`: older ones would only scroll through and drop).
    private var waiting: [(comment: Comment, gift: GiftMessage?)] = []
    /// Whether the list holds still: a finger rests on it or its menu is open.
    package var isHeld: Bool { isTouched || menuLine != nil }

    /// The long-press menu's actions, left to right.
    package enum MenuAction: String, CaseIterable, Sendable { case reply = "Reply", copy = "Copy", report = "Report" }

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
        scroll = ScrollPhysics(viewportHeight: height)
        super.init(
            name: "commentList", level: level,
            frame: Rect(x: 20, y: 1150 - height, width: Self.maxBubbleWidth, height: height))
        clipsToBounds = true
    }

    public override func didLoad() {
        guard let context else { return }
        // Sits above the bottom bar, whatever the viewport's height.
        frame.origin.y = context.environment.viewport.height - 130 - frame.height
        listen(to: .commentArrived) { $0.append($1) }
        listen(to: .audienceEntered) { $0.append(Comment(entered: $1)) }
        listen(to: .giftArrived) { $0.addGift($1, line: Comment(gift: $1)) }
        listen(to: .superChatArrived) { $0.append(Comment(superChat: $1)) }
        listen(to: .membershipBought) { $0.append(Comment(membership: $1)) }
        listen(to: .systemMessage) { $0.append(Comment(systemMessage: $1)) }
        // A touch anywhere else closes the menu, as a popover closes.
        listen(to: .roomTapped) { list, _ in list.closeMenu() }
        listen(to: .likeSent) { list, _ in list.closeMenu() }
        listen(to: .horizontalSwipe) { list, _ in list.closeMenu() }
        listen(to: .verticalSwipe) { list, _ in list.closeMenu() }
        append(Comment(user: "LiveStudio", text: Self.welcome, userColor: Palette.gold, kind: .system))
    }

    /// The notice pinned first when a room opens.
    static let welcome = "Welcome! Be kind in the chat."

    /// A touch elsewhere in the room closes an open comment menu.
    private func closeMenu() {
        menuLine = nil
        releaseIfFree()
    }

    /// A combo (the same sender sending the same gift again, with nothing in between) adds
    /// to the last line's count instead of a new line per send.
    private func addGift(_ gift: GiftMessage, line: Comment) {
        if isHeld { return wait(line, gift: gift) }
        guard let last = lines.last?.gift, last.sender == gift.sender, last.gift.id == gift.gift.id else {
            append(line)
            lines[lines.count - 1].gift = gift
            return
        }
        var total = last
        total.count += gift.count
        lines[lines.count - 1] = Line(comment: Comment(gift: total), gift: total)
    }

    /// Adds a comment at the bottom, dropping the oldest beyond `historyLimit`. Following,
    /// the list slides up to show it; scrolled up, it stays put and the pill counts it;
    /// while the list holds still (`isHeld`), it waits.
    /// - Complexity: measures the comment (more when it must be cut to fit).
    public func append(_ comment: Comment) {
        if isHeld { return wait(comment, gift: nil) }
        lines.append(Line(comment: comment))
        let dropped = max(0, lines.count - Self.historyLimit)
        if dropped > 0 {
            lines.removeFirst(dropped)
            scroll.shift(by: Double(dropped) * Self.pitch)
        }
        scroll.setSizes(content: contentHeight, viewport: frame.height)
        if isFollowing {
            scroll.scroll(to: scroll.maxOffset)
            slide = min(slide + Self.pitch, Self.pitch * 2)
        } else {
            unread += 1
        }
    }

    private var contentHeight: Double { max(0, Double(lines.count) * Self.pitch - Self.spacing) }

    /// Follows the newest line again (the pill's tap, or a scroll back to the end).
    package func followNewest() {
        scroll.scroll(to: scroll.maxOffset)
        isFollowing = true
        unread = 0
    }

    // MARK: Touch

    /// Vertical drags inside the list, once it has more lines than show.
    public override func dragAxes(at point: Point) -> DragAxes? {
        scroll.canScroll && bounds.contains(point) ? .vertical : nil
    }

    public override func handleDrag(_ drag: DragInfo) {
        menuLine = nil
        scroll.drag(drag)
        if drag.phase == .began { isFollowing = false }
        settleFollowing()
    }

    /// Back at the end with nothing moving it: follow again.
    private func settleFollowing() {
        if !isFollowing, !scroll.isMoving, scroll.isAtEnd { followNewest() }
    }

    /// Only the pill and the open menu take taps; the bubbles let them through to the room.
    public override func claimsTap(at point: Point) -> Bool {
        menuLine != nil || pillRect?.contains(point) == true
    }

    public override func handleTap(at point: Point) -> Bool {
        if let i = menuLine {
            menuLine = nil
            if let action = menuButtons(for: i).first(where: { $0.rect.contains(point) })?.action { perform(action, on: lines[i].comment) }
            releaseIfFree()
            return true
        }
        guard pillRect?.contains(point) == true else { return false }
        followNewest()
        return true
    }

    /// A long press on a line opens its menu. The line is the one the finger went down on,
    /// lit from that moment so the press is seen: new lines may slide the bubbles while the
    /// finger rests, and the list holds still until it lifts.
    public override func recognizesLongPress(at point: Point) -> Bool {
        pressedLine = line(at: point)
        isTouched = pressedLine != nil
        return isTouched
    }

    public override func handleLongPress(at point: Point) {
        menuLine = pressedLine ?? line(at: point)
    }

    public override func longPressTouchEnded() {
        isTouched = false
        pressedLine = nil
        releaseIfFree()
    }

    /// The line whose row is at `point`, by index: a chat comment, a join, a gift or a notice.
    /// A row is the list's width (a finger beside a short bubble is on it) and takes half the
    /// gap to its neighbours: a finger between two bubbles is on one of them.
    func line(at point: Point) -> Int? {
        guard point.x >= 0, point.x < frame.width else { return nil }
        return lines.indices.first { i in
            let y = bubbleY(i)
            return point.y >= y - Self.spacing / 2 && point.y < y + Self.bubbleHeight + Self.spacing / 2
        }
    }

    /// The top of line `i`'s bubble, which needs no layout.
    private func bubbleY(_ i: Int) -> Double {
        Double(i) * Self.pitch - scroll.offset + max(0, frame.height - contentHeight) + slide
    }

    func bubbleRect(_ i: Int) -> Rect {
        Rect(x: 0, y: bubbleY(i), width: laidOut(i).width, height: Self.bubbleHeight)
    }

    /// Line `i`'s layout, measured the first time it is asked for.
    private func laidOut(_ i: Int) -> Layout {
        if let layout = lines[i].layout { return layout }
        let layout = layout(lines[i].comment, measurer: context?.environment.measurer ?? ApproximateTextMeasurer())
        lines[i].layout = layout
        return layout
    }

    /// The "N new" pill, while lines arrived out of view (or wait while the list holds).
    var pillRect: Rect? {
        unread > 0 && (!isFollowing || isHeld) ? Rect(x: 0, y: frame.height - 48, width: 150, height: 44) : nil
    }

    /// Keeps a line that arrived while the list holds still, for when it lets go.
    private func wait(_ comment: Comment, gift: GiftMessage?) {
        if waiting.count == Self.historyLimit { waiting.removeFirst() }
        waiting.append((comment, gift))
        unread += 1
    }

    /// Lets the waiting lines in once nothing holds the list: following, it shows the newest.
    private func releaseIfFree() {
        guard !isHeld, !waiting.isEmpty else { return }
        let lines = waiting
        waiting.removeAll()
        let unreadBefore = unread - lines.count
        for (comment, gift) in lines {
            if let gift { addGift(gift, line: comment) } else { append(comment) }
        }
        if isFollowing { unread = 0 } else { unread = unreadBefore + lines.count }
    }

    static let menuButton = Size(width: 110, height: 56)

    /// The menu's buttons, over the bubble (below it when the bubble is at the top): a chat
    /// comment can be answered, copied or reported; a join, gift or notice line, copied.
    func menuButtons(for i: Int) -> [(action: MenuAction, rect: Rect)] {
        let bubble = bubbleRect(i), w = Self.menuButton.width, h = Self.menuButton.height
        let y = bubble.minY - h - 6 >= 0 ? bubble.minY - h - 6 : bubble.maxY + 6
        let actions: [MenuAction] = lines[i].comment.kind == .chat ? MenuAction.allCases : [.copy]
        return actions.enumerated().map { k, action in
            (action, Rect(x: 8 + Double(k) * w, y: y, width: w, height: h))
        }
    }

    private func perform(_ action: MenuAction, on comment: Comment) {
        switch action {
        case .reply: publish(.commentReplyRequested, "@\(comment.user) ")
        case .copy: publish(.toastRequested, "Copied")
        case .report: publish(.toastRequested, "Reported \(comment.user)'s comment")
        }
    }

    private func layout(_ comment: Comment, measurer: TextMeasurer) -> Layout {
        let name = measurer.fitting(comment.user, font: Self.nameFont, maxWidth: 180)
        let nameWidth = measurer.measure(name, font: Self.nameFont).width
        let room = Self.maxBubbleWidth - 2 * Self.padding - nameWidth - Self.gap
        let text = measurer.fitting(comment.text, font: Self.font, maxWidth: room)
        let textWidth = measurer.measure(text, font: Self.font).width
        return Layout(name: name, text: text, nameWidth: nameWidth, width: 2 * Self.padding + nameWidth + Self.gap + textWidth)
    }

    public override func update(_ step: FrameStep) {
        slide = max(0, slide - step.dt * Self.pitch / 0.18)
        scroll.step(step.dt)
        settleFollowing()
    }

    /// Three draw items per visible comment (bubble, name, text), plus the pill's and the
    /// menu's.
    /// - Complexity: O(capacity) per frame: only the lines in view are tried.
    public override func draw(in canvas: Canvas) {
        let textY = (Self.bubbleHeight - 32) / 2
        let first = max(0, Int((scroll.offset - max(0, frame.height - contentHeight) - slide) / Self.pitch) - 1)
        for i in lines.indices.dropFirst(first) {
            let y = bubbleY(i)
            // A new line slides in from below the bottom (at most two pitches): drawn, clipped.
            if y >= frame.height + 2 * Self.pitch { break }
            guard y + Self.bubbleHeight > 0 else { continue }
            let comment = lines[i].comment, line = laidOut(i)
            // Older lines fade with their place in the list (a new line's slide aside): by age
            // while following.
            let rowsUp = (frame.height - Self.bubbleHeight - (y - slide)) / Self.pitch
            canvas.withState(alpha: max(0.3, 1 - 0.13 * max(0, rowsUp))) {
                let bubble = Rect(x: 0, y: y, width: line.width, height: Self.bubbleHeight)
                canvas.fillRoundedRect(bubble, radius: 16, Palette.bubble)
                // The pressed line lights up at touch down, before the menu opens.
                if isTouched, pressedLine == i, menuLine == nil {
                    canvas.fillRoundedRect(bubble, radius: 16, Color.white.withAlpha(0.22))
                }
                // The viewer's own comment is outlined, so they find it among the others.
                if comment.isOwn { canvas.stroke(.roundedRect(bubble, radius: 16), Palette.brand, width: 2) }
                canvas.text(
                    line.name, font: Self.nameFont, color: comment.userColor,
                    at: Point(x: Self.padding, y: y + textY))
                canvas.text(
                    line.text, font: Self.font, color: comment.kind.textColor,
                    at: Point(x: Self.padding + line.nameWidth + Self.gap, y: y + textY))
            }
        }
        drawOverlays(in: canvas)
    }

    private func drawOverlays(in canvas: Canvas) {
        if let pill = pillRect {
            canvas.fillRoundedRect(pill, radius: pill.height / 2, Palette.brand)
            canvas.text(
                "\(unread) new", font: .bold(24), color: Palette.text,
                at: Point(x: pill.midX, y: pill.minY + 7), alignment: .center)
        }
        guard let i = menuLine else { return }
        let buttons = menuButtons(for: i)
        guard let firstRect = buttons.first?.rect, let lastRect = buttons.last?.rect else { return }
        let menu = Rect(x: firstRect.minX, y: firstRect.minY, width: lastRect.maxX - firstRect.minX, height: firstRect.height)
        canvas.fillRoundedRect(menu, radius: 14, Color(hex: 0x2A2A33))
        canvas.stroke(.roundedRect(bubbleRect(i), radius: 16), Palette.text, width: 2)
        for (k, button) in buttons.enumerated() {
            if k > 0 {
                canvas.fillRect(
                    Rect(x: button.rect.minX, y: button.rect.minY + 12, width: 1, height: button.rect.height - 24),
                    Color.white.withAlpha(0.2))
            }
            canvas.text(
                button.action.rawValue, font: .regular(24), color: Palette.text,
                at: Point(x: button.rect.midX, y: button.rect.minY + 13), alignment: .center)
        }
    }
}

extension EventKey where Payload == String {
    /// Reply to a comment: the composer opens with the mention ("@name ").
    package static let commentReplyRequested = EventKey("commentReplyRequested")
}

extension CommentListWidget: CatalogWidget {
    public static let catalogName = "commentList"
    public static var defaultLevel: Double { Levels.commentList }

    /// Options: `capacity` (1...12, default 6), how many comments show at once.
    public static func make(level: Double, options: WidgetOptions) throws -> Widget {
        let capacity = try options.int("capacity", default: 6, in: 1...12)
        try options.finish()
        return CommentListWidget(level: level, capacity: capacity)
    }
}
