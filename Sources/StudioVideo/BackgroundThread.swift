import Foundation

/// The video threads (decoding, recording) beside the loop.
enum BackgroundThread {
    /// Makes the calling thread a batch thread that does not preempt others when it wakes:
    /// the loop's advance wakes a decoder every frame, and on a machine with two cores a
    /// thread that took the CPU from the loop at once would stall the frame for as long as a
    /// video frame takes to decode or encode. Their work is due a few page frames later anyway.
    static func yieldToTheLoop() {
        #if os(Linux)
        var parameters = sched_param()
        // SCHED_BATCH is 3 in Linux's ABI; Swift's Glibc module leaves the GNU constants out.
        let schedBatch: Int32 = 3
        _ = sched_setscheduler(0, schedBatch, &parameters)
        #endif
    }
}
