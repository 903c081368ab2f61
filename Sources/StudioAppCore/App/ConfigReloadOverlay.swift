import StudioKit
import Studios

/// F5 reloads the studio configurations while the app runs. The room on screen keeps
/// running either way; the next room opened uses the new configurations. A bad file
/// changes nothing: its kind keeps the configuration it had, while the good files of the
/// same reload are taken.
///
/// A reload that took everything says so in a toast. One that left files out shows a
/// report over the room, as an editor shows its errors: each file with its key path and the
/// whole reason, wrapped, not cut to fit a toast. It stays for as long as it takes to read
/// (`readingTime`), or until a tap on it closes it; F5 again reloads and shows what is
/// still wrong, the same report when nothing changed. The report also goes to the log.
public final class ConfigReloadOverlay: FrameOverlay {
    package let store: ConfigStore
    /// What the last reload said (for tests and the log).
    package private(set) var lastMessage: String?

    /// A reload's problems as the report shows them.
    public struct Report: Equatable, Sendable {
        /// "2 configurations not reloaded (kept as they were)".
        public var title: String
        /// Each problem whole: the file, the key path or line, the reason.
        public var problems: [String]
        /// Until when it shows, on the driver's clock.
        public var until: Double
    }

    /// The report on screen, if any.
    public private(set) var report: Report?
    private var now = 0.0
    /// The panel's rectangle the last frame drew it in, for taps.
    private var panel: Rect?
    /// The report laid out for a width, kept while the report and the width stay.
    private var layout: (report: Report, width: Double, lines: [(text: String, isFile: Bool)])?

    public init(store: ConfigStore) { self.store = store }

    /// Seconds a report of `characters` stays: long enough to read it at an unhurried
    /// pace (about 15 characters a second, from a 4 s floor), at most a minute.
    package static func readingTime(characters: Int) -> Double { min(60, 4 + Double(characters) / 15) }

    public func handle(_ event: InputEvent, driver: StudioDriver) -> Bool {
        if case .pointer(let p) = event, p.phase == .down, report != nil, let panel, panel.contains(p.position) {
            report = nil
            return true
        }
        guard case .key(let key) = event, key.key == .f5, key.isDown else { return false }
        now = driver.clock.now()
        switch store.reload() {
        case .success(let reload) where reload.skipped.isEmpty:
            report = nil
            lastMessage = "Reloaded \(reload.loaded) studio configurations; the next room uses them"
            driver.studio.announcer.publish(.toastRequested, lastMessage!)
        case .success(let reload):
            let count = reload.skipped.count
            show(
                title: "\(count) configuration\(count == 1 ? "" : "s") not reloaded (kept as they were); "
                    + "\(reload.loaded) reloaded",
                problems: reload.skipped.map(\.description))
            lastMessage =
                "Reloaded \(reload.loaded) studio configurations; not reloaded, kept as they were: "
                + reload.skipped.map(\.description).joined(separator: "; ")
            driver.log(lastMessage!)
        case .failure(let error):
            show(title: "Configurations not reloaded", problems: ["\(error)"])
            lastMessage = "Configuration not reloaded: \(error)"
            driver.log(lastMessage!)
        }
        return true
    }

    private func show(title: String, problems: [String]) {
        let characters = title.count + problems.reduce(0) { $0 + $1.count }
        report = Report(title: title, problems: problems, until: now + Self.readingTime(characters: characters))
    }

    // MARK: Drawing

    static let titleFont = FontSpec.bold(26)
    static let font = FontSpec.regular(22)
    static let fileFont = FontSpec.bold(22)
    static let footer = "Tap to close · F5 reloads again"
    /// Lines of one problem at most; the rest of it is in the log.
    static let linesPerProblem = 8
    static let red = Color(hex: 0xFF453A)

    public func decorate(_ canvas: Canvas, driver: StudioDriver) {
        now = driver.clock.now()
        guard let report else {
            panel = nil
            return
        }
        guard now < report.until else {
            self.report = nil
            panel = nil
            return
        }
        let viewport = driver.studio.environment.viewport
        let width = viewport.width - 48, inner = width - 48
        if layout?.report != report || layout?.width != width {
            var lines: [(String, Bool)] = []
            for problem in report.problems {
                // Wrapped in the bold face, the wider, so the bold first line fits too.
                let wrapped = canvas.measurer.wrapping(problem, font: Self.fileFont, maxWidth: inner, maxLines: Self.linesPerProblem)
                lines += wrapped.enumerated().map { ($0.element, $0.offset == 0) }
            }
            layout = (report, width, lines)
        }
        let lines = layout?.lines ?? []
        let title = canvas.measurer.wrapping(report.title, font: Self.titleFont, maxWidth: inner, maxLines: 2)
        let height = 24 + Double(title.count) * 34 + 12 + Double(lines.count) * 29 + 16 + 28 + 20
        let box = Rect(x: 24, y: max(60, (viewport.height - height) * 0.3), width: width, height: min(height, viewport.height - 80))
        panel = box
        canvas.fillRoundedRect(box, radius: 20, Color(hex: 0x1C1C1E).withAlpha(0.96))
        canvas.fillRoundedRect(Rect(x: box.minX, y: box.minY, width: 8, height: box.height), radius: 4, Self.red)
        var y = box.minY + 24
        for line in title {
            canvas.text(line, font: Self.titleFont, color: Self.red, at: Point(x: box.minX + 28, y: y))
            y += 34
        }
        y += 12
        canvas.withClip(Rect(x: box.minX, y: y, width: box.width, height: max(0, box.maxY - 64 - y))) {
            for (text, isFile) in lines {
                // A problem's first line starts with its file: bold, so problems stand apart.
                canvas.text(text, font: isFile ? Self.fileFont : Self.font, color: .white, at: Point(x: box.minX + 28, y: y))
                y += 29
            }
        }
        canvas.text(
            Self.footer, font: Self.font, color: Color.white.withAlpha(0.6),
            at: Point(x: box.minX + 28, y: box.maxY - 48))
    }
}
