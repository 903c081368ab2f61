import Foundation
import StudioDomain
import StudioKit

/// The comment box a viewer types into. A tap on the bottom bar's "Say something…" pill
/// (`.commentInputTapped`) slides it up and gives it the studio's text focus, so the keyboard
/// (SDL text input, through an input method where one runs) types into it, and keys that
/// otherwise toggle lite mode or change room are typing. Enter or Send posts the draft as the
/// viewer's own comment (`.commentArrived` with `Comment.isOwn`), which the comment list and
/// the danmaku mark as the viewer's; Backspace deletes the last character; Escape, a tap
/// outside or a pull down closes it, keeping nothing. Blank drafts are not sent.
package final class CommentComposerWidget: BottomSheetWidget, CatalogWidget, TextEditingWidget {
    /// The composer takes the keyboard while it edits.
    package override class var requiredServices: [RoomServiceKey] { [RoomServiceKey((any TextFocusService).self)] }

    package static let catalogName = "commentComposer"
    package static let defaultLevel = Levels.commentComposer

    /// The name the viewer's comments carry.
    /// The name on the viewer's comments: the session's (`ViewerAccount`), else the
    /// configured one.
    package var viewerName: String { account?.name ?? configuredName }
    private let configuredName: String
    private var account: ViewerAccount?
    /// The longest draft, in characters (as live rooms cap a comment).
    package let maxLength: Int
    /// What is typed so far.
    package private(set) var draft = ""
    /// Seconds since the box opened, for the caret's blink.
    private var openTime = 0.0

    static let field = Rect(x: 24, y: 28, width: 520, height: 72)
    static let sendButton = Rect(x: 560, y: 28, width: 136, height: 72)
    static let font = FontSpec.regular(28)

    package init(level: Double = Levels.commentComposer, viewerName: String = "You", maxLength: Int = 100) {
        configuredName = viewerName
        self.maxLength = maxLength
        super.init(name: "commentComposer", level: level, opensOn: .commentInputTapped)
    }

    /// Options: `viewerName` (default "You"), `maxLength` (1...500 characters, default 100).
    package static func make(level: Double, options: WidgetOptions) throws -> Widget {
        let widget = CommentComposerWidget(
            level: level, viewerName: try options.string("viewerName", default: "You"),
            maxLength: try options.int("maxLength", default: 100, in: 1...500))
        try options.finish()
        return widget
    }

    override var sheetHeight: Double { 128 }

    package override func didLoad() {
        super.didLoad()
        if let environment = context?.environment {
            account = ViewerAccount.of(environment)
            _ = account?.name(configured: configuredName)
        }
        // A reply from the comment list's menu opens the box with the mention typed.
        listen(to: .commentReplyRequested) { composer, mention in
            composer.present()
            composer.draft = String(mention.prefix(composer.maxLength))
        }
    }

    override func sheetWillPresent() {
        draft = ""
        openTime = 0
        context?.textFocus?.focusText(self)
    }

    override func sheetDidDismiss() {
        context?.textFocus?.resignTextFocus(self)
    }

    // MARK: Typing

    package func insertText(_ text: String) {
        guard isPresented else { return }
        // One line: line breaks and other control characters are not part of a comment.
        let typed = text.filter { !$0.isNewline && !($0.unicodeScalars.first?.properties.generalCategory == .control) }
        draft += typed.prefix(max(0, maxLength - draft.count))
    }

    package func handleEditingKey(_ key: Key) {
        switch key {
        case .enter: send()
        case .backspace: if !draft.isEmpty { draft.removeLast() }
        case .escape: dismiss()
        default: break  // typing: the text arrives through insertText
        }
    }

    /// Posts the draft as the viewer's own comment and closes; a blank draft does nothing.
    package func send() {
        let text = draft.trimmingCharacters(in: .whitespaces)
        guard isPresented, !text.isEmpty else { return }
        let comment = Comment(user: viewerName, text: text, userColor: Palette.brand, isOwn: true)
        publish(.commentArrived, comment)
        draft = ""
        dismiss()
    }

    override func handleSheetTap(at point: Point) {
        if Self.sendButton.insetBy(dx: -8, dy: -8).contains(point) { send() }
    }

    // MARK: Drawing

    package override func update(_ step: FrameStep) {
        super.update(step)
        if isPresented { openTime += step.dt }
    }

    /// About six draw items while open.
    override func drawSheet(in canvas: Canvas, size: Size) {
        let field = Self.field
        canvas.fillRoundedRect(field, radius: field.height / 2, Palette.panel)
        let origin = Point(x: field.minX + 28, y: field.minY + 20)
        let line = shownDraft(canvas.measurer, room: field.width - 56)
        canvas.text(
            draft.isEmpty ? "Say something…" : line.text, font: Self.font,
            color: draft.isEmpty ? Palette.placeholderText : Palette.text, at: origin)
        // The caret blinks twice a second after the text, where the next character goes.
        if Int(clamping: (openTime * 2).rounded(.down)) % 2 == 0 {
            canvas.fillRect(Rect(x: origin.x + line.width + 2, y: field.minY + 16, width: 3, height: field.height - 32), Palette.brand)
        }
        let send = Self.sendButton
        canvas.fillRoundedRect(send, radius: send.height / 2, draft.isEmpty ? Palette.panel : Palette.brand)
        canvas.text("Send", font: .bold(28), color: Palette.text, at: Point(x: send.midX, y: send.minY + 20), alignment: .center)
    }

    /// The draft as the field shows it, measured once per change rather than every frame.
    private var shown: (draft: String, text: String, width: Double)?

    /// The end of the draft that fits `room`, after "…" when cut (the caret's side stays
    /// seen), and its width.
    private func shownDraft(_ measurer: TextMeasurer, room: Double) -> (text: String, width: Double) {
        if let shown, shown.draft == draft { return (shown.text, shown.width) }
        func width(_ text: String) -> Double { text.isEmpty ? 0 : measurer.measure(text, font: Self.font).width }
        var text = draft
        if width(text) > room {
            var low = 0, high = draft.count  // characters dropped from the front
            while low < high {
                let mid = (low + high) / 2
                if width("…" + draft.dropFirst(mid)) <= room { high = mid } else { low = mid + 1 }
            }
            text = "…" + draft.dropFirst(low)
        }
        shown = (draft, text, width(text))
        return (text, shown!.width)
    }
}
