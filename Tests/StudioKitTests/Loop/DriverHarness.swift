import StudioInspection
import Testing

@testable import StudioKit

/// A driver over `TestProvider` and a `RecordingBackend`, on a manual clock that advances
/// 1/60 s before each frame.
final class DriverHarness {
    let provider: TestProvider
    let backend: ScriptedBackend
    let clock = ManualClock()
    let driver: StudioDriver
    private(set) var logged: [String] = []

    init(seed: UInt64 = 1, script: InputScript = InputScript()) throws {
        provider = TestProvider(seed: seed)
        backend = ScriptedBackend(script: script.events, keeping: .all)
        driver = try StudioDriver(provider: provider, backend: backend, clock: clock)
        driver.log = { [unowned self] in self.logged.append($0) }
    }

    /// Runs `count` frames, advancing the clock by one step before each.
    func run(_ count: Int) throws {
        for _ in 0..<count {
            clock.advance(by: 1.0 / 60.0)
            try driver.runFrame()
        }
    }

    /// The studio made for room position `index` of the provider, in order of creation.
    func studio(_ index: Int) throws -> Room {
        try #require(provider.made.count > index ? provider.made[index].room : nil)
    }

    /// The hearts the room at `index` spawned from taps.
    func heartsSpawned(_ index: Int) throws -> Int {
        try #require(provider.made.count > index ? provider.made[index].part.heartsSpawned : nil)
    }
}

/// Scripted input exercising taps, the tap key, lite mode both ways and a room change.
func demoScript() -> InputScript {
    var script = InputScript()
    script.tap(at: Point(x: 360, y: 900), frame: 20)
    script.tap(at: Point(x: 200, y: 500), frame: 45)
    script.key(.space, at: 70)
    script.key(.right, at: 100)
    script.tap(at: Point(x: 500, y: 700), frame: 120)
    script.key(.l, at: 150)
    script.key(.up, at: 200)
    script.tap(at: Point(x: 300, y: 300), frame: 250)
    script.key(.space, at: 270)
    return script
}
