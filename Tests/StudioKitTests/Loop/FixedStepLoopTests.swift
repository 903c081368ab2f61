import Testing

@testable import StudioKit

/// The fixed-step accumulator: whole 1/60 s steps out of whatever time comes in, capped
/// per frame after a stall, with the dropped time accounted.
@Suite("Fixed-step loop")
struct LoopFixedStepTests {
    static let dt = 1.0 / 60.0

    @Test("the first clock reading only starts the loop")
    func firstReadingRunsNothing() {
        var loop = FixedStepLoop()
        #expect(loop.advance(to: 12.5) == 0)
        #expect(loop.lastTime == 12.5)
        #expect(loop.stepIndex == 0)
    }

    @Test("a clock advancing exactly 1/60 s per frame runs one step per frame for 10,000 frames")
    func oneStepPerFrameWithoutDrift() {
        let clock = ManualClock()
        var loop = FixedStepLoop()
        _ = loop.advance(to: clock.now())
        var counts: [Int: Int] = [:]
        for _ in 0..<10_000 {
            clock.advance(by: Self.dt)
            let steps = loop.advance(to: clock.now())
            counts[steps, default: 0] += 1
            for _ in 0..<steps { _ = loop.nextStep() }
        }
        #expect(counts == [1: 10_000])
        #expect(loop.stepIndex == 10_000)
        #expect(abs(loop.simulatedTime - clock.now()) < 1e-9)
        #expect(loop.droppedTime == 0)
    }

    @Test("a 1/30 s frame runs two steps")
    func thirtiethRunsTwo() {
        var loop = FixedStepLoop()
        _ = loop.advance(to: 0)
        #expect(loop.advance(to: 1.0 / 30.0) == 2)
    }

    @Test("1/120 s frames run a step every other frame")
    func halfFramesAlternate() {
        var loop = FixedStepLoop()
        _ = loop.advance(to: 0)
        let steps = (1...8).map { loop.advance(to: Double($0) / 120) }
        #expect(steps == [0, 1, 0, 1, 0, 1, 0, 1])
    }

    @Test("time that is not a whole number of steps carries over to the next frame")
    func remainderCarriesOver() {
        var loop = FixedStepLoop()
        _ = loop.advance(to: 0)
        #expect(loop.advance(to: 1.5 * Self.dt) == 1)
        #expect(abs(loop.accumulator - 0.5 * Self.dt) < 1e-12)
        #expect(loop.advance(to: 2.0 * Self.dt) == 1)
    }

    @Test("a 10 s stall runs maxStepsPerFrame steps and counts the rest as dropped")
    func stallIsCapped() {
        var loop = FixedStepLoop(maxStepsPerFrame: 5)
        _ = loop.advance(to: 0)
        #expect(loop.advance(to: 10) == 5)
        #expect(abs(loop.droppedTime - 595 * Self.dt) < 1e-9)
        #expect(loop.accumulator < Self.dt)
    }

    @Test("after a stall the loop is back to one step per 1/60 s frame")
    func recoversAfterAStall() {
        var loop = FixedStepLoop()
        _ = loop.advance(to: 0)
        _ = loop.advance(to: 10)
        let steps = (1...5).map { loop.advance(to: 10 + Double($0) * Self.dt) }
        #expect(steps == [1, 1, 1, 1, 1])
    }

    @Test("simulated, dropped and pending time add up to the clock's elapsed time over random frames")
    func timeIsAccountedOverRandomFrames() {
        var rng = SeededRandom(seed: 99)
        var loop = FixedStepLoop()
        var now = 0.0
        _ = loop.advance(to: now)
        for _ in 0..<5_000 {
            now += rng.double(in: 0...0.08)
            for _ in 0..<loop.advance(to: now) { _ = loop.nextStep() }
        }
        #expect(abs(loop.simulatedTime + loop.droppedTime + loop.accumulator - now) < 1e-6)
    }

    @Test("a stall that is not a whole number of steps is accounted to the last millisecond")
    func fractionalStallIsAccounted() {
        var loop = FixedStepLoop(maxStepsPerFrame: 5)
        _ = loop.advance(to: 0)
        for _ in 0..<loop.advance(to: 10.005) { _ = loop.nextStep() }
        #expect(abs(loop.simulatedTime + loop.droppedTime + loop.accumulator - 10.005) < 1e-9)
    }

    @Test("a clock reading earlier than the last one runs no steps")
    func backwardsRunsNothing() {
        var loop = FixedStepLoop()
        _ = loop.advance(to: 1)
        #expect(loop.advance(to: 0.5) == 0)
        #expect(loop.advance(to: 0.5 + Self.dt) == 1)
    }

    @Test("each step carries the step length, its index and the simulated time at its end")
    func stepsDescribeThemselves() {
        var loop = FixedStepLoop()
        let steps = (0..<3).map { _ in loop.nextStep() }
        #expect(steps.map(\.index) == [1, 2, 3])
        #expect(steps.map(\.dt) == [Self.dt, Self.dt, Self.dt])
        #expect(steps.last?.time == 3 * Self.dt)
        #expect(loop.simulatedTime == 3 * Self.dt)
    }
}
