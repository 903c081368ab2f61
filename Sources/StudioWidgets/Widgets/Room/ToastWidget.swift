import StudioDomain
import StudioKit

/// A short message in the middle of the screen for `duration` seconds, fading in and out.
/// Widgets ask for one with `.toastRequested` (payload `.text`); a new request replaces the
/// message on screen. Touches pass through.
public final class ToastWidget: Widget {
    /// Seconds a toast stays, fades included.
    public var duration = 1.6
    static let fadeIn = 0.15
    static let fadeOut = 0.3
    static let font = FontSpec.bold(30)

    /// The message on screen, nil when none.
    public private(set) var message: String?
    private var age = 0.0

    public init(level: Double = Levels.toast) {
        super.init(name: "toast", level: level, frame: Rect(origin: .zero, size: .studio))
        passesTouchesThrough = true
    }

    public override func didLoad() {
        guard let context else { return }
        frame = Rect(origin: .zero, size: context.environment.viewport)
        listen(to: .toastRequested) { $0.show($1) }
    }

    /// Shows `text` now, replacing any message on screen.
    public func show(_ text: String) {
        message = text
        age = 0
    }

    public override func update(_ step: FrameStep) {
        guard message != nil else { return }
        age += step.dt
        if age >= duration { message = nil }
    }

    var opacity: Double {
        guard message != nil else { return 0 }
        return min(1, age / Self.fadeIn, max(0, (duration - age) / Self.fadeOut))
    }

    /// A toast wraps to this many lines; only a longer message ends with "…".
    static let maxLines = 3
    /// The lines of the message shown and their size, wrapped and measured once per message
    /// rather than every frame.
    private var wrapped: (message: String, lines: [String], size: Size, lineHeight: Double)?

    /// One draw item per line plus the box while a toast shows, none otherwise.
    public override func draw(in canvas: Canvas) {
        guard let message, opacity > 0 else { return }
        let maxWidth = bounds.width - 120
        if wrapped?.message != message {
            let lines = canvas.measurer.wrapping(message, font: Self.font, maxWidth: maxWidth - 56, maxLines: Self.maxLines)
            let sizes = lines.map { canvas.measure($0, font: Self.font) }
            let lineHeight = sizes.first?.height ?? 0
            wrapped = (
                message, lines, Size(width: sizes.map(\.width).max() ?? 0, height: lineHeight * Double(max(1, lines.count))),
                lineHeight
            )
        }
        let (lines, size, lineHeight) = (wrapped?.lines ?? [], wrapped?.size ?? .zero, wrapped?.lineHeight ?? 0)
        let box = Rect(
            x: bounds.midX - (size.width + 56) / 2, y: bounds.height * 0.42 - (size.height + 36) / 2,
            width: size.width + 56, height: size.height + 36)
        // As the connection banner's: the panel is whole whenever its text can be read.
        canvas.withState(alpha: min(1, opacity * 3)) { canvas.fillRoundedRect(box, radius: 18, Palette.overlayPanel) }
        canvas.withState(alpha: opacity) {
            for (i, line) in lines.enumerated() {
                canvas.text(
                    line, font: Self.font, color: .white,
                    at: Point(x: box.midX, y: box.minY + 18 + lineHeight * Double(i)), alignment: .center)
            }
        }
    }
}

extension ToastWidget: CatalogWidget {
    public static let catalogName = "toast"
    public static var defaultLevel: Double { Levels.toast }

    /// Options: `durationSeconds` (0.5...10, default 1.6) a toast stays.
    public static func make(level: Double, options: WidgetOptions) throws -> Widget {
        let widget = ToastWidget(level: level)
        widget.duration = try options.double("durationSeconds", default: widget.duration, in: 0.5...10)
        try options.finish()
        return widget
    }
}
