import Testing

@testable import StudioKit

/// The router fed every short pointer script (see `ShortPointerScripts`).
@Suite("Gesture router on every short pointer script")
struct ShortPointerScriptTests {
    static let scripts = ShortPointerScripts.all()

    /// Runs `check` on every script and reports the first few that break it in one issue.
    private func forEvery(_ check: ([PointerEvent]) -> String?) {
        var broken: [String] = []
        for script in Self.scripts {
            if let problem = check(script) { broken.append(problem) }
        }
        // Counted rather than compared whole, so a failure prints three scripts, not thousands.
        let brokenCount = broken.count, shown = broken.prefix(3).joined(separator: "\n")
        #expect(brokenCount == 0, "\(brokenCount) of \(Self.scripts.count) scripts, for example:\n\(shown)")
    }

    private func describe(_ script: [PointerEvent]) -> String {
        script.map { "\($0.phase.rawValue)\($0.position)@\(GestureWording.seconds($0.time))" }.joined(separator: " ")
    }

    @Test("the scripts cover every combination of steps, gaps and endings")
    func scriptCount() {
        let perMove = ShortPointerScripts.steps.count * ShortPointerScripts.gaps.count
        let prefixes = (0...ShortPointerScripts.maxMoves).reduce(0) { total, n in
            total + (0..<n).reduce(1) { product, _ in product * perMove }
        }

        #expect(Self.scripts.count == prefixes * 2 * ShortPointerScripts.endGaps.count)
    }

    @Test(
        "every short script yields what the plain reference model predicts",
        arguments: ShortPointerScripts.configs)
    func matchesReference(config: GestureConfig) {
        forEvery { script in
            let actual = ShortPointerScripts.result(of: GestureRouter(config: config).run(script))
            let expected = ShortPointerScripts.reference(script, config)
            return actual == expected ? nil : "\(describe(script)): got \(actual), expected \(expected)"
        }
    }

    @Test("no short script yields both a tap and a swipe", arguments: ShortPointerScripts.configs)
    func neverTapAndSwipe(config: GestureConfig) {
        forEvery { script in
            let outputs = GestureRouter(config: config).run(script)
            let taps = outputs.filter(\.isTap).count, swipes = outputs.count - taps
            return taps > 0 && swipes > 0 || taps > 1 ? "\(describe(script)): \(outputs)" : nil
        }
    }

    @Test(
        "every short script ends in exactly one of a tap, a finished swipe or nothing",
        arguments: ShortPointerScripts.configs)
    func exactlyOneOutcome(config: GestureConfig) {
        forEvery { script in
            let outputs = GestureRouter(config: config).run(script)
            let taps = outputs.filter(\.isTap).count
            let infos = outputs.compactMap(\.swipeInfo)
            let finished = infos.filter { $0.phase == .ended || $0.phase == .cancelled }.count
            let swipeWellFormed =
                infos.isEmpty
                || (infos.first?.phase == .began && finished == 1
                    && (infos.last?.phase == .ended || infos.last?.phase == .cancelled))
            let outcomes = (taps > 0 ? 1 : 0) + (finished > 0 ? 1 : 0)
            return outcomes <= 1 && swipeWellFormed && taps <= 1 ? nil : "\(describe(script)): \(outputs)"
        }
    }

    @Test("a swipe commits only when it ends, never when cancelled or in progress")
    func commitOnlyOnEnd() {
        forEvery { script in
            let outputs = GestureRouter().run(script)
            let early = outputs.compactMap(\.swipeInfo).contains { $0.committed && $0.phase != .ended }
            return early ? "\(describe(script)): \(outputs)" : nil
        }
    }

    @Test("the same script fed twice yields the same outputs and resolution")
    func deterministic() {
        forEvery { script in
            let first = GestureRouter(), second = GestureRouter()
            let a = first.run(script), b = second.run(script)
            return a == b && first.lastResolution == second.lastResolution ? nil : "\(describe(script))"
        }
    }

    @Test("every short script leaves the router idle with a resolution matching its outputs")
    func resolutionMatchesOutputs() {
        forEvery { script in
            let router = GestureRouter()
            let result = ShortPointerScripts.result(of: router.run(script))
            let outcome: GestureResolution.Outcome? =
                switch result {
                case .tap: .tap
                case .swipe(let axis, _, _): .swipe(axis)
                case .nothing: .nothing
                case .malformed: nil
                }
            return !router.isTracking && router.lastResolution?.outcome == outcome
                ? nil : "\(describe(script)): \(result) / \(String(describing: router.lastResolution))"
        }
    }
}
