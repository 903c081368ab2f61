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
package final class ScreenRecording: @unchecked Sendable {
    // @unchecked: the slots and counters are guarded by `condition`; a slot's pixels are
    // written by the loop only while the slot is free, read by the thread only while queued.

    /// How a recording ended: the file and what is in it, or why there is no file.
    public enum Outcome: Sendable, Equatable {
        case saved(path: String, frames: Int, dropped: Int, seconds: Double)
        case failed(VideoError)
    }

    /// A frame waiting to be encoded, or a free place for one.
    final class Slot {
        var pixels: [UInt32] = []
        var width = 0
        var height = 0
        var index = 0
    }

    package let path: String
    package let fps: Int
    private let condition = NSCondition()
    private var free: [Slot]
    private var queued: [Slot] = []
    private var stopping = false
    private var failure: VideoError?
    private var result: Outcome?
    private var droppedFrames = 0
    private var lastIndex = -1

    /// Frames copied ahead at most: a tenth of a second at 30 fps.
    package static let slots = 3

    /// Starts the encoding thread; the file is opened with the first frame.
    package init(path: String, fps: Int = 30) {
        self.path = path
        self.fps = max(1, fps)
        free = (0..<Self.slots).map { _ in Slot() }
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
        condition.lock()
        guard !stopping, failure == nil, index > lastIndex, width > 0, height > 0 else {
            condition.unlock()
            return false
        }
        let slot: Slot
        if let freeSlot = free.popLast() {
            slot = freeSlot
        } else if !queued.isEmpty {
            // Behind: the newest waiting frame gives way to this one, so that a recording
            // that falls behind still ends on its last frame and lasts as long as it ran.
            slot = queued.removeLast()
            droppedFrames += 1
        } else {
            droppedFrames += 1
            condition.unlock()
            return false
        }
        condition.unlock()
        // The copy runs outside the lock: the thread does not touch a free slot.
        let count = width * height
        if slot.pixels.count != count { slot.pixels = [UInt32](repeating: 0, count: count) }
        slot.pixels.withUnsafeMutableBufferPointer { $0.baseAddress!.update(from: pixels, count: count) }
        (slot.width, slot.height, slot.index) = (width, height, index)
        condition.lock()
        lastIndex = index
        queued.append(slot)
        condition.signal()
        condition.unlock()
        return true
    }

    /// Frames dropped so far because the encoder was behind.
    package var dropped: Int {
        condition.lock()
        defer { condition.unlock() }
        return droppedFrames
    }

    /// The reason the recording failed, as soon as it has (a full disk mid-way).
    package var failed: VideoError? {
        condition.lock()
        defer { condition.unlock() }
        return failure
    }

    /// Takes no more frames; the thread encodes those waiting, finishes the file and sets `outcome`.
    package func stop() {
        condition.lock()
        stopping = true
        condition.signal()
        condition.unlock()
    }

    /// How it ended, once the thread is done (nil until then).
    package var outcome: Outcome? {
        condition.lock()
        defer { condition.unlock() }
        return result
    }

    /// Blocks until the thread is done, and gives how it ended.
    package func waitForOutcome() -> Outcome {
        condition.lock()
        defer { condition.unlock() }
        while result == nil { condition.wait() }
        return result!
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
            condition.lock()
            failure = error as? VideoError ?? VideoError(writing: path, reason: "\(error)")
            condition.unlock()
        }
    }

    private func run() {
        BackgroundThread.yieldToTheLoop(nice: 10)
        var encoder: VideoEncoder?
        var lastFrame = 0
        var caughtUp = false
        while true {
            condition.lock()
            while queued.isEmpty, !stopping { condition.wait() }
            // Stopped, the rest (the frames waiting and the encoder's flush) is what someone
            // waits for: the end of a session, or the "Saving" pill.
            if stopping, !caughtUp {
                BackgroundThread.catchUp()
                caughtUp = true
            }
            guard !queued.isEmpty else { break }  // stopping, nothing left: the lock is held
            let slot = queued.removeFirst()
            let failed = failure != nil
            condition.unlock()
            if !failed { encode(slot, with: &encoder, lastFrame: &lastFrame) }
            condition.lock()
            free.append(slot)
            condition.unlock()
        }
        // Still holding the lock from the loop's last check.
        let failed = failure, dropped = droppedFrames
        condition.unlock()
        let outcome: Outcome
        if var failed {
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
        condition.lock()
        result = outcome
        condition.broadcast()
        condition.unlock()
    }
}
