/// Fixed-timestep accumulator: real time comes in, whole simulation steps of `step`
/// seconds go out, so the simulation is the same whatever the frame rate.
public struct FixedStepLoop: Hashable, Sendable {
    /// The simulation step: 1/60 s.
    public let step: Double
    /// The most steps one frame may run. After a stall (a debugger, a swapped-out window)
    /// catching up on every missed step would make the next frame slower still, which
    /// misses more steps: a death spiral. Past the cap the missed time is dropped and the
    /// simulation runs slow for a moment instead.
    package let maxStepsPerFrame: Int
    package private(set) var accumulator: Double = 0
    package private(set) var lastTime: Double?
    /// Steps run since the start.
    package private(set) var stepIndex = 0
    /// Simulated seconds since the start (stepIndex * step).
    package var simulatedTime: Double { Double(stepIndex) * step }
    /// Seconds of real time dropped by the cap, in total.
    package private(set) var droppedTime: Double = 0

    public init(step: Double = 1.0 / 60.0, maxStepsPerFrame: Int = 5) {
        precondition(step > 0 && maxStepsPerFrame > 0)
        self.step = step
        self.maxStepsPerFrame = maxStepsPerFrame
    }

    /// Takes the clock's reading and returns how many steps to run now.
    public mutating func advance(to now: Double) -> Int {
        defer { lastTime = now }
        guard let last = lastTime else { return 0 }
        accumulator += max(0, now - last)
        // A small epsilon keeps a clock that advances by exactly `step` from losing a step
        // to rounding (1/60 is not exact in binary).
        var steps = Int(clamping: (accumulator + 1e-9) / step)
        accumulator = max(0, accumulator - Double(steps) * step)
        if steps > maxStepsPerFrame {
            droppedTime += Double(steps - maxStepsPerFrame) * step
            steps = maxStepsPerFrame
        }
        return steps
    }

    /// Consumes one step and describes it.
    package mutating func nextStep() -> FrameStep {
        stepIndex += 1
        return FrameStep(dt: step, time: simulatedTime, index: stepIndex)
    }
}
