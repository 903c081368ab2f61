import Foundation
import StudioKit
import StudioSDL
import StudioVideo

/// F6 in a window: starts recording what the window shows to an MP4, and F6 again stops it,
/// as screen recorders do. A pill in the top right corner (in the status bar's strip, clear
/// of the F2 HUD and of the room's buttons) says so while it records ("REC" and the time, a
/// red dot), while the file is finished ("Saving"), and for a few seconds after (the file's
/// name, or why it failed). The pill is on screen, so it is in the
/// recording too, as the HUD is: what is recorded is what is shown.
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
    /// The frame index the frame being drawn is captured as, when it is due.
    private var due: Int?
    private var lastIndex = -1
    /// What the pill says after a recording, until when, and whether it failed.
    private var message: (text: String, until: Double, failed: Bool)?
    private var now = 0.0
    /// Every recording's outcome, in order, for the end of the run.
    private(set) var outcomes: [ScreenRecording.Outcome] = []

    init(folder: String, fps: Int = 30, say: @escaping (String) -> Void = { print($0) },
         warn: @escaping (String) -> Void = printWarning) {
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
            due = nil
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
            if let failure = running.failed {
                // A full disk mid-way: the recording stops; the run goes on.
                running.stop()
                saving.append(running)
                recording = nil
                report(.failed(failure), at: now)
            } else {
                let index = Int(clamping: ((now - start) * Double(fps)).rounded(.down))
                due = index > lastIndex ? index : nil
            }
        }
        drawPill(canvas, width: driver.studio.environment.viewport.width)
    }

    /// The rendered frame (the window's studio area): copied for the encoder when due.
    func frameRendered(_ frame: PixelBuffer) {
        guard let index = due, let (running, _) = recording else { return }
        due = nil
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
            message = ("Saved \((path as NSString).lastPathComponent)", time + 4, false)
        case .failed(let error):
            warn("F6: \(error); the session goes on")
            message = ("Recording failed: \(error.reason)", time + 6, true)
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

    private func drawPill(_ canvas: Canvas, width viewportWidth: Double) {
        let text: String
        var dot: Color? = nil
        if let (_, start) = recording {
            let seconds = Int(clamping: max(0, now - start).rounded(.down))
            text = String(format: "REC %02d:%02d", seconds / 60, seconds % 60)
            // The dot blinks once a second, as recorders' do.
            if (now - start).truncatingRemainder(dividingBy: 1) < 0.6 { dot = Self.red } else { dot = Self.red.withAlpha(0.3) }
        } else if !saving.isEmpty {
            text = "Saving…"
            dot = Self.red.withAlpha(0.5)
        } else if let message, now < message.until {
            text = message.text
        } else {
            message = nil
            return
        }
        let font = FontSpec.bold(22)
        // At most half the room's width and a little: the rest of the strip stays clear (the
        // F2 HUD's top line is there); a longer file name or reason ends in an ellipsis here,
        // and is printed whole.
        let line = canvas.measurer.fitting(text, font: font, maxWidth: 380)
        let width = canvas.measurer.measure(line, font: font).width + (dot == nil ? 28 : 52)
        let pill = Rect(x: viewportWidth - 12 - width, y: 8, width: width, height: 38)
        canvas.fillRoundedRect(pill, radius: 19, message?.failed == true && dot == nil ? Self.red.withAlpha(0.85) : Color.black.withAlpha(0.7))
        var x = pill.minX + 14
        if let dot {
            canvas.fillCircle(center: Point(x: x + 8, y: pill.midY), radius: 8, dot)
            x += 24
        }
        canvas.text(line, font: font, color: .white, at: Point(x: x, y: pill.minY + 6))
    }
}
