import Foundation
import StudioKit
import StudioSDL
import StudioVideo

/// F6 in a window: starts recording what the window shows to an MP4, and F6 again stops it,
/// as screen recorders do. A pill in the top right corner (in the status bar's strip, clear
/// of the F2 HUD and of the room's buttons) says so while it records ("REC" and the time, a
/// red dot) and while the file is finished ("Saving"); a banner across the top then names
/// the file, or says why it failed, for a few seconds. The pill is on screen, so it is in
/// the recording too, as the HUD is: what is recorded is what is shown.
///
/// The loop only copies a frame when one is due (`fps` a second of the run's clock); a
/// `ScreenRecording` encodes on its own thread. Files go to `folder`, named by the time the
/// recording started (`livestudio-2026-11-25-081502.mp4`).
final class ScreenRecorder: FrameOverlay {
    let folder: String
    let fps: Int
    private let say: (String) -> Void
    private let warn: (String) -> Void
    /// The recording running, and when it started on the driver's clock.
    private var recording: (ScreenRecording, start: Double)?
    /// Recordings stopped and still being finished.
    private var saving: [ScreenRecording] = []
    /// The frames due, by the window's number for them (`SDLWindowBackend.framesCompiled`),
    /// and the index each is captured as. A window hands a frame over a frame after it was
    /// drawn (it draws behind its loop), so the next frame's is already due by then.
    private var dues: [(frame: Int, index: Int)] = []
    /// The number the window gives the frame drawn next.
    private let nextFrame: () -> Int
    private var lastIndex = -1
    /// What the banner says after a recording (its title, and the file or the reason on a
    /// line of its own), until when, and whether it failed.
    private struct Message {
        var title: String
        var detail: String
        var until: Double
        var failed: Bool
    }

    private var message: Message?
    private var now = 0.0
    /// Every recording's outcome, in order, for the end of the run.
    private(set) var outcomes: [ScreenRecording.Outcome] = []

    /// The first recording of the run that failed, if one did.
    var firstFailure: VideoError? {
        outcomes.lazy.compactMap { if case .failed(let error) = $0 { error } else { nil } }.first
    }

    init(
        folder: String, fps: Int = 30, say: @escaping (String) -> Void = { print($0) },
        warn: @escaping (String) -> Void = printWarning, nextFrame: @escaping () -> Int
    ) {
        self.nextFrame = nextFrame
        self.folder = folder
        self.fps = fps
        self.say = say
        self.warn = warn
    }

    var isRecording: Bool { recording != nil }

    func handle(_ event: InputEvent, driver: StudioDriver) -> Bool {
        guard case .key(let k) = event, k.key == .f6 else { return false }
        if k.isDown && !k.isRepeat { toggle(at: driver.clock.now()) }
        return true
    }

    func toggle(at time: Double) {
        if let (running, _) = recording {
            running.stop()
            saving.append(running)
            recording = nil
            dues.removeAll()
            return
        }
        let path = nextPath()
        do {
            try OutputFile.check(path, "--recordings")
        } catch {
            report(.failed(VideoError(writing: path, reason: (error as? FileOutputError)?.reason ?? "\(error)")), at: time)
            return
        }
        recording = (ScreenRecording(path: path, fps: fps), time)
        lastIndex = -1
        dues.removeAll()
        message = nil
    }

    /// A file name in `folder` for a recording starting now, not yet taken.
    private func nextPath() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd-HHmmss"
        let stem = (folder as NSString).appendingPathComponent("livestudio-\(formatter.string(from: Date()))")
        var path = stem + ".mp4"
        var n = 2
        while FileManager.default.fileExists(atPath: path) {
            path = "\(stem)-\(n).mp4"
            n += 1
        }
        return path
    }

    func decorate(_ canvas: Canvas, driver: StudioDriver) {
        now = driver.clock.now()
        collectFinished()
        if let (running, start) = recording {
            if running.failed != nil {
                // A full disk mid-way: the recording stops, and is reported once it is
                // finished, with what it kept; the run goes on.
                running.stop()
                saving.append(running)
                recording = nil
            } else {
                let index = Int(clamping: ((now - start) * Double(fps)).rounded(.down))
                let frame = nextFrame()
                // Frames never handed over (a minimized window draws none) are not waited for.
                dues.removeAll { $0.frame < frame - 2 }
                if index > lastIndex { dues.append((frame, index)) }
            }
        }
        drawStatus(canvas, width: driver.studio.environment.viewport.width)
    }

    /// The rendered frame (the window's studio area): copied for the encoder when due.
    func frameRendered(_ frame: PixelBuffer, number: Int) {
        let due = dues.first { $0.frame == number }
        dues.removeAll { $0.frame <= number }
        guard let index = due?.index, index > lastIndex, let (running, _) = recording else { return }
        lastIndex = index
        running.submit(frame.pixels, width: frame.width, height: frame.height, index: index)
    }

    /// Reports the recordings whose files are done.
    private func collectFinished() {
        saving.removeAll { finished in
            guard let outcome = finished.outcome else { return false }
            report(outcome, at: now)
            return true
        }
    }

    private func report(_ outcome: ScreenRecording.Outcome, at time: Double) {
        outcomes.append(outcome)
        switch outcome {
        case .saved(let path, let frames, let dropped, let seconds):
            say("F6: recorded \(String(format: "%.1f", seconds)) s (\(frames) frames, \(dropped) dropped) to \(path)")
            message = Message(
                title: "Recording saved", detail: (path as NSString).lastPathComponent, until: time + 4,
                failed: false)
        case .failed(let error):
            warn("F6: \(error); the session goes on")
            message = Message(title: "Recording failed", detail: error.reason, until: time + 6, failed: true)
        }
    }

    /// Stops a recording still running and waits for every file to be finished (the end of
    /// a run).
    func finishAll() {
        if recording != nil { toggle(at: now) }
        for pending in saving { _ = pending.waitForOutcome() }
        collectFinished()
    }

    // MARK: Drawing

    static let red = Color(hex: 0xFF3B30)

    /// While it records or saves: a small pill in the top right corner of the status bar's
    /// strip, clear of the room's title chip and of the F2 HUD. After: a banner across the
    /// top for a few seconds, as a phone's notification, with the whole file name (or the
    /// reason) on a line of its own.
    private func drawStatus(_ canvas: Canvas, width viewportWidth: Double) {
        if let (_, start) = recording {
            let seconds = Int(clamping: max(0, now - start).rounded(.down))
            // The dot blinks once a second, as recorders' do.
            let on = (now - start).truncatingRemainder(dividingBy: 1) < 0.6
            drawPill(
                canvas, String(format: "REC %02d:%02d", seconds / 60, seconds % 60),
                dot: on ? Self.red : Self.red.withAlpha(0.3), width: viewportWidth)
        } else if !saving.isEmpty {
            drawPill(canvas, "Saving…", dot: Self.red.withAlpha(0.5), width: viewportWidth)
        } else if let message, now < message.until {
            drawBanner(canvas, message, width: viewportWidth)
        } else {
            message = nil
        }
    }

    private func drawPill(_ canvas: Canvas, _ text: String, dot: Color, width viewportWidth: Double) {
        let font = FontSpec.bold(20)
        let width = canvas.measurer.measure(text, font: font).width + 50
        let pill = Rect(x: viewportWidth - 12 - width, y: 10, width: width, height: 34)
        canvas.fillRoundedRect(pill, radius: 17, Color.black.withAlpha(0.7))
        canvas.fillCircle(center: Point(x: pill.minX + 20, y: pill.midY), radius: 7, dot)
        canvas.text(text, font: font, color: .white, at: Point(x: pill.minX + 36, y: pill.minY + 5))
    }

    private func drawBanner(_ canvas: Canvas, _ message: Message, width viewportWidth: Double) {
        let banner = Rect(x: 12, y: 8, width: viewportWidth - 24, height: 76)
        canvas.fillRoundedRect(banner, radius: 18, message.failed ? Self.red.withAlpha(0.94) : Color(hex: 0x1C1C1E).withAlpha(0.94))
        canvas.text(message.title, font: .bold(22), color: .white, at: Point(x: banner.minX + 20, y: banner.minY + 10))
        // A name or reason too long for the line ends in an ellipsis; it is printed whole.
        let detail = canvas.measurer.fitting(message.detail, font: .regular(20), maxWidth: banner.width - 40)
        canvas.text(
            detail, font: .regular(20), color: Color.white.withAlpha(0.85),
            at: Point(x: banner.minX + 20, y: banner.minY + 42))
    }
}
