import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Claw pad")
struct ClawPadTests {
    @Test("the D-pad steps the claw and stops it at the machine's edge")
    func moves() throws {
        let f = try BusinessStudioFixture()
        let pad = try f.add(ClawPadWidget())
        f.tap(pad, at: pad.center(of: .forward))
        #expect(pad.clawTarget == Point(x: 0.5, y: 0.5 - ClawPadWidget.stepSize))
        for _ in 0..<10 { f.tap(pad, at: pad.center(of: .right)) }
        #expect(pad.clawTarget.x == 0.9)
        f.run(seconds: 1)
        #expect(pad.clawPosition == pad.clawTarget)
    }

    @Test("a grab drops, closes and rises, then announces its result and toasts it")
    func grabSequence() throws {
        let f = try BusinessStudioFixture()
        let pad = try f.add(ClawPadWidget(winChance: 1))
        let recorder = f.recorder(.clawGrabbed, .toastRequested)
        let prizes = pad.prizes.count
        f.tapScreen(at: f.screenPoint(pad, pad.grabCenter))
        #expect(pad.phase == .dropping(age: 0))
        // Moves wait for the grab to finish.
        f.tap(pad, at: pad.center(of: .left))
        #expect(pad.clawTarget == Point(x: 0.5, y: 0.5))
        f.run(seconds: 1.2)
        #expect(pad.prizes.count == prizes - 1)  // one is in the claw
        f.run(seconds: 0.6)
        #expect(recorder.values(.clawGrabbed) == [true])
        let toast = try #require(recorder.values(.toastRequested).first)
        #expect(toast.hasPrefix("You won a "))
        #expect(pad.results == [true])
        f.run(seconds: 1.5)
        #expect(pad.phase == .idle)
        #expect(pad.prizes.count == prizes)  // a new one dropped in
    }

    @Test("with no chance every grab misses")
    func misses() throws {
        let f = try BusinessStudioFixture()
        let pad = try f.add(ClawPadWidget(winChance: 0))
        let recorder = f.recorder(.toastRequested)
        for _ in 0..<3 {
            pad.grab()
            f.run(seconds: 3.3)
        }
        #expect(pad.results == [false, false, false])
        #expect(recorder.values(.toastRequested) == Array(repeating: "Missed! Try again", count: 3))
    }

    @Test("results repeat for the same seed and about three grabs in ten win")
    func deterministic() throws {
        func grabs(seed: UInt64) throws -> [Bool] {
            let f = try BusinessStudioFixture(seed: seed)
            let pad = try f.add(ClawPadWidget())
            for _ in 0..<40 {
                pad.grab()
                f.run(seconds: 3.3)
            }
            return pad.results
        }
        let a = try grabs(seed: 21)
        #expect(a.count == 40)
        #expect(try grabs(seed: 21) == a)
        #expect(try grabs(seed: 22) != a)
        let wins = a.filter { $0 }.count
        #expect((5...20).contains(wins), "\(wins) wins in 40")
    }

    @Test("a tap on the machine view is not taken by the pad")
    func machineViewPassesTap() throws {
        let f = try BusinessStudioFixture()
        let pad = try f.add(ClawPadWidget())
        #expect(!pad.handleTap(at: Point(x: 370, y: 120)))
        #expect(pad.phase == .idle)
    }
}
