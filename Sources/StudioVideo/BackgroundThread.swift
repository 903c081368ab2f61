import Foundation
import StudioKit

/// The video threads (decoding, recording) beside the loop.
enum BackgroundThread {
    /// Starts a thread named `name` that owns `value` from then on: the caller gives it up
    /// (`sending`), so only `body` reaches it and it needs no lock.
    static func start<Owned>(named name: String, owning value: sending Owned, _ body: @escaping @Sendable (Owned) -> Void) {
        // `sending` has proved that nothing else holds `value`, but `Thread`'s block is
        // `@Sendable` and cannot take a value on those terms; it crosses in this capture.
        nonisolated(unsafe) let owned = value
        Thread {
            ThreadNaming.nameCurrentThread(name)
            body(owned)
        }.start()
    }

    /// Makes the calling thread a batch thread that does not preempt others when it wakes:
    /// the loop's advance wakes a decoder every frame, and on a machine with two cores a
    /// thread that took the CPU from the loop at once would stall the frame for as long as a
    /// video frame takes to decode or encode. Their work is due a few page frames later anyway.
    ///
    /// - Parameter nice: how much less than other threads it gets while the cores are busy
    ///   (Linux's per-thread nice value, inherited by the threads it starts, as an
    ///   encoder's workers): 0 for a decoder, which must keep up with the stream; more for
    ///   an encoder, which has slots to fall behind into, and otherwise takes the time the
    ///   window system needs to show the frames.
    static func yieldToTheLoop(nice: Int32 = 0) {
        #if os(Linux)
        var parameters = sched_param()
        // SCHED_BATCH is 3 in Linux's ABI; Swift's Glibc module leaves the GNU constants out.
        let schedBatch: Int32 = 3
        _ = sched_setscheduler(0, schedBatch, &parameters)
        // Linux keeps a nice value per thread, and `who` 0 is the calling thread, not the process.
        if nice != 0 { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, nice) }
        #endif
    }

    /// Undoes `yieldToTheLoop` for the calling thread, when the loop is waiting on it (a
    /// recording finished as the session ends): on busy cores a thread niced down would
    /// otherwise keep the process from exiting for as long as the others leave it no time.
    /// Raising a nice value back needs the privilege to (root, or `RLIMIT_NICE`); without
    /// it the thread goes on at the value it had, which only makes the end slower.
    static func catchUp() {
        #if os(Linux)
        var parameters = sched_param()
        _ = sched_setscheduler(0, SCHED_OTHER, &parameters)
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 0)
        #endif
    }
}
