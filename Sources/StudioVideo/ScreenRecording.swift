import Foundation
import StudioKit

/// One recording of what a window shows, to an MP4, encoded on a thread of its own so that
/// the loop only copies frames: the loop hands over a frame when it is due (`submit`), the
/// thread encodes it. Frames wait in a few slots; when every slot is taken (the encoder is
/// behind), the newest waiting frame is replaced by the new one and counted as dropped,
/// rather than the loop held up, and the file shows the frame before for longer
/// (`VideoEncoder.append(_:width:height:at:)`), keeping the run's timing: a recording that
/// falls behind skips frames, never its end.
///
/// The encoder opens at the first frame's size (the window's studio area, so a later
/// resize is scaled to it). The file is a fragmented MP4 written under a visible temporary
/// name (`VideoEncoder.temporaryPath`) and renamed into place when `stop()`'s encoding is
/// done; `outcome` then says how it went. A process killed mid-way leaves the temporary
/// file, which plays up to its last whole second.
package final class ScreenRecording: Sendable {
    /// How a recording ended: the file and what is in it, or why there is no file.
    public enum Outcome: Sendable, Equatable {
        case saved(path: String, frames: Int, dropped: Int, seconds: Double)
        case failed(VideoError)
    }

    /// A frame waiting to be encoded, or a free place for one. Its pixels are a value: a
    /// slot taken out of the state is the only reference to its buffer, so the loop fills it
    /// and the thread encodes it outside the lock without copying it again.
    struct Slot: Sendable {
        var pixels: [UInt32] = []
        var width = 0
        var height = 0
        var index = 0
    }

    /// What the loop and the encoding thread share.
    private struct State {
        var free: [Slot]
        var queued: [Slot] = []
        var stopping = false
        var failure: VideoError?
        var result: Outcome?
        var droppedFrames = 0
        var lastIndex = -1
    }

    package let path: String
    package let fps: Int
    private let state: Awaited<State>

    /// Frames copied ahead at most: a tenth of a second at 30 fps.
    package static let slots = 3

    /// Starts the encoding thread; the file is opened with the first frame.
    package init(path: String, fps: Int = 30) {
        self.path = path
        self.fps = max(1, fps)
        state = Awaited(State(free: (0..<Self.slots).map { _ in Slot() }))
        let thread = Thread { [self] in
            ThreadNaming.nameCurrentThread("screen record")
            run()
        }
        thread.start()
    }

    /// Hands over frame `index` (its time times `fps` since the recording started):
    /// `width` x `height` premultiplied BGRA pixels, copied before this returns. When the
    /// encoder is behind, it takes the place of the newest frame waiting (counted as
    /// dropped). False when it was not taken: the recording failed or is stopping, or the
    /// index is not past the last one taken.
    @discardableResult
    package func submit(_ pixels: UnsafePointer<UInt32>, width: Int, height: Int, index: Int) -> Bool {
        let taken: Slot? = state.withLock { s in
            guard !s.stopping, s.failure == nil, index > s.lastIndex, width > 0, height > 0 else { return nil }
            if let free = s.free.popLast() { return free }
            s.droppedFrames += 1
            // Behind: the newest waiting frame gives way to this one, so that a recording
            // that falls behind still ends on its last frame and lasts as long as it ran.
            return s.queued.popLast()
        }
        guard var slot = taken else { return false }
        // The copy runs outside the lock: the slot is out of the state, so nothing else holds it.
        let count = width * height
        if slot.pixels.count != count { slot.pixels = [UInt32](repeating: 0, count: count) }
        slot.pixels.withUnsafeMutableBufferPointer { $0.baseAddress!.update(from: pixels, count: count) }
        (slot.width, slot.height, slot.index) = (width, height, index)
        state.update { s in
            s.lastIndex = index
            s.queued.append(slot)
            return .one
        }
        return true
    }

    /// Frames dropped so far because the encoder was behind.
    package var dropped: Int { state.withLock { $0.droppedFrames } }

    /// The reason the recording failed, as soon as it has (a full disk mid-way).
    package var failed: VideoError? { state.withLock { $0.failure } }

    /// Takes no more frames; the thread encodes those waiting, finishes the file and sets `outcome`.
    package func stop() {
        state.update { s in
            s.stopping = true
            return .one
        }
    }

    /// How it ended, once the thread is done (nil until then).
    package var outcome: Outcome? { state.withLock { $0.result } }

    /// Blocks until the thread is done, and gives how it ended.
    package func waitForOutcome() -> Outcome {
        state.wait(until: { $0.result != nil }, then: { $0.result! })
    }

    /// Encodes `slot`'s frame, opening `encoder` at its size for the first frame, and moves
    /// `lastFrame` to it; when that fails, the error is kept as `failure`.
    private func encode(_ slot: Slot, with encoder: inout VideoEncoder?, lastFrame: inout Int) {
        do {
            if encoder == nil {
                encoder = try VideoEncoder(
                    path: path, format: .mp4, width: slot.width, height: slot.height, fps: fps,
                    threads: 1, fragmented: true)
            }
            try slot.pixels.withUnsafeBufferPointer {
                try encoder!.append($0.baseAddress!, width: slot.width, height: slot.height, at: slot.index)
            }
            lastFrame = slot.index
        } catch {
            let failure = error as? VideoError ?? VideoError(writing: path, reason: "\(error)")
            state.withLock { $0.failure = failure }
        }
    }

    private func run() {
        BackgroundThread.yieldToTheLoop(nice: 10)
        var encoder: VideoEncoder?
        var lastFrame = 0
        var caughtUp = false
        while true {
            let next: (slot: Slot, failed: Bool)? = state.wait(until: { !$0.queued.isEmpty || $0.stopping }) { s in
                // Stopped, the rest (the frames waiting and the encoder's flush) is what
                // someone waits for: the end of a session, or the "Saving" pill.
                if s.stopping, !caughtUp {
                    BackgroundThread.catchUp()
                    caughtUp = true
                }
                return s.queued.isEmpty ? nil : (s.queued.removeFirst(), s.failure != nil)
            }
            guard let (slot, failed) = next else { break }  // stopping, nothing left
            if !failed { encode(slot, with: &encoder, lastFrame: &lastFrame) }
            state.withLock { $0.free.append(slot) }
        }
        let (failure, dropped) = state.withLock { ($0.failure, $0.droppedFrames) }
        let outcome: Outcome
        if var failed = failure {
            // What was encoded before the failure plays: say where it is.
            let frames = encoder?.frames ?? 0
            encoder = nil
            let partial = VideoEncoder.temporaryPath(for: path, fragmented: true)
            if frames > 0, FileManager.default.fileExists(atPath: partial) {
                failed.reason += "; the \(frames) frames recorded before are kept in \(partial)"
            }
            outcome = .failed(failed)
        } else if let encoder {
            do {
                try encoder.finish()
                outcome = .saved(
                    path: path, frames: encoder.frames, dropped: dropped,
                    seconds: Double(lastFrame + 1) / Double(fps))
            } catch {
                outcome = .failed(error as? VideoError ?? VideoError(writing: path, reason: "\(error)"))
            }
        } else {
            outcome = .failed(VideoError(writing: path, reason: "no frame was recorded"))
        }
        state.update { s in
            s.result = outcome
            return .all
        }
    }
}
