import Foundation
import StudioDomain
import StudioKit

/// A sheet that slides up from the bottom of the float layer over a dimmed room, the base of
/// the rank list and the share sheet. While closed it is hidden and lets every touch
/// through; once presented it covers the screen and takes every tap: on the sheet it goes
/// to `handleSheetTap(at:)`, outside it dismisses the sheet. Dismissing lets touches
/// through at once, while the sheet slides away.
///
/// While presented the sheet also owns every drag, so no swipe behind it changes the room or
/// lite mode: a drag on the sheet pulls it down with the finger (only its downward part), and letting go past
/// `dismissFraction` of its height, or flinging down, dismisses it; otherwise it springs
/// back. A drag on the dimmed backdrop does nothing.
package class BottomSheetWidget: Widget {
    /// True from `present()` until `dismiss()`.
    package private(set) var isPresented = false
    /// 0 = away below the screen, 1 = fully up; moves at `1 / slideDuration` per second.
    package private(set) var progress = 0.0
    static let slideDuration = 0.25
    /// A pull down past this fraction of the sheet's height dismisses it on release...
    static let dismissFraction = 0.3
    /// ...as does a release moving down at least this fast (px/s).
    static let dismissVelocity = 700.0
    /// How far a finger has pulled the sheet down (px); eases back to 0 when let go.
    package private(set) var pullOffset = 0.0
    /// Whether the drag in progress started on the sheet (else on the backdrop).
    private var pullingSheet = false
    static let cornerRadius = 32.0
    // Opaque: the squared lower half overlaps the rounded rectangle.
    static let background = Color(hex: 0x1E1E26)

    /// The event that opens the sheet (the button or list that asks for it).
    let opensOn: EventKey<NoPayload>

    init(name: String, level: Double, opensOn: EventKey<NoPayload>) {
        self.opensOn = opensOn
        super.init(name: name, level: level, frame: Rect(origin: .zero, size: .studio))
        isHidden = true
        passesTouchesThrough = true
    }

    package override func didLoad() {
        guard let context else { return }
        frame = Rect(origin: .zero, size: context.environment.viewport)
        listen(to: opensOn) { sheet, _ in sheet.present() }
    }

    /// The sheet's height (subclasses override).
    var sheetHeight: Double { 400 }

    /// Opens the sheet (it slides up); does nothing while it is open.
    package func present() {
        guard !isPresented else { return }
        isPresented = true
        isHidden = false
        passesTouchesThrough = false
        sheetWillPresent()
    }

    /// Closes the sheet: touches pass through from now on, the sheet slides down and hides.
    package func dismiss() {
        guard isPresented else { return }
        isPresented = false
        passesTouchesThrough = true
        sheetDidDismiss()
    }

    /// Called by `present()` before the sheet slides up (refresh what it shows).
    func sheetWillPresent() {}

    /// Called by `dismiss()` as the sheet starts to slide away.
    func sheetDidDismiss() {}

    /// A tap on the sheet, in the sheet's coordinates ((0,0) at its top-left).
    func handleSheetTap(at point: Point) {}

    /// Draws the sheet's content in the sheet's coordinates, `size` big.
    func drawSheet(in canvas: Canvas, size: Size) {}

    /// Where the sheet is now, in the widget's coordinates.
    package var sheetRect: Rect {
        let eased = 1 - (1 - progress) * (1 - progress)
        return Rect(x: 0, y: bounds.height - sheetHeight * eased + pullOffset, width: bounds.width, height: sheetHeight)
    }

    package override func dragAxes(at point: Point) -> DragAxes? {
        guard isPresented else { return nil }
        // Any direction, on the sheet too: the sheet is modal, so a sideways drag on it must
        // not toggle lite mode behind it; only the downward part of a drag moves the sheet.
        return .free
    }

    package override func handleDrag(_ drag: DragInfo) {
        switch drag.phase {
        case .began:
            pullingSheet = sheetRect.offsetBy(dx: 0, dy: -pullOffset).contains(drag.start)
            fallthrough
        case .changed:
            if pullingSheet { pullOffset = max(0, drag.translation.y) }
        case .ended where pullingSheet:
            if pullOffset > sheetHeight * Self.dismissFraction || drag.velocity.y >= Self.dismissVelocity {
                // Slide away from where the finger left it.
                progress = max(0, 1 - (min(pullOffset / sheetHeight, 1)).squareRoot())
                pullOffset = 0
                dismiss()
            }
        default:
            break
        }
        if drag.phase == .ended || drag.phase == .cancelled { pullingSheet = false }
    }

    package override func handleTap(at point: Point) -> Bool {
        guard isPresented else { return false }
        let sheet = sheetRect
        if sheet.contains(point) {
            handleSheetTap(at: Point(x: point.x - sheet.minX, y: point.y - sheet.minY))
        } else {
            dismiss()
        }
        return true
    }

    package override func update(_ step: FrameStep) {
        // Let go short of dismissing: spring back, a fifth of the way per 1/60 s.
        if !pullingSheet, pullOffset > 0 {
            pullOffset = pullOffset < 0.5 ? 0 : pullOffset * pow(0.8, step.dt * 60)
        }
        let delta = step.dt / Self.slideDuration
        progress = isPresented ? min(1, progress + delta) : max(0, progress - delta)
        if !isPresented, progress == 0 { isHidden = true }
    }

    /// Three draw items for the backdrop and the sheet, plus the content's.
    package override func draw(in canvas: Canvas) {
        guard progress > 0 else { return }
        canvas.fillRect(bounds, Color.black.withAlpha(0.4 * progress))
        let sheet = sheetRect
        // Rounded on top only: the lower half is squared by a plain rectangle.
        canvas.fillRoundedRect(sheet, radius: Self.cornerRadius, Self.background)
        canvas.fillRect(
            Rect(x: sheet.minX, y: sheet.midY, width: sheet.width, height: sheet.height / 2),
            Self.background)
        canvas.withState(transform: .translation(sheet.minX, sheet.minY)) {
            drawSheet(in: canvas, size: sheet.size)
        }
    }
}
