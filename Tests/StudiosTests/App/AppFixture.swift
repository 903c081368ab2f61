import Foundation
import StudioKit

@testable import StudioAppCore
@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

/// The app as `studio run --headless` builds it, on a `ScriptedBackend` keeping every list, and a manual clock.
final class AppFixture {
    static let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Assets")

    let backend = ScriptedBackend(keeping: .all)
    let clock = ManualClock()
    let app: StudioApp
    var driver: StudioDriver { app.driver }

    init(
        seed: UInt64 = 1, session: String = "audience", start: Scheme? = nil, scenario: Scenario? = nil,
        script: [Int: [InputEvent]] = [:], assets: URL = AppFixture.assets
    ) throws {
        var options = StudioApp.Options(assets: assets)
        options.seed = seed
        options.session = session
        options.start = start
        options.scenario = scenario
        options.lockstep = true
        backend.script = script
        app = try StudioApp(options: options, backend: backend, clock: clock)
    }

    func run(frames: Int) throws {
        try driver.run(frames: frames, paced: false) { clock.advance(by: driver.loop.step) }
    }

    deinit { app.driver.shutdown() }
}
