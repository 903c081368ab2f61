import Foundation
import StudioAppCore
import StudioDomain
import StudioFeed
import StudioKit
import StudioWidgets
import Studios

/// The app as `studio run --headless` builds it, on a `ScriptedBackend` keeping every list, and a manual clock.
package final class AppFixture {
    package static let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets")

    package let backend = ScriptedBackend(keeping: .all)
    package let clock = ManualClock()
    package let app: StudioApp
    package var driver: StudioDriver { app.driver }

    package init(
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

    package func run(frames: Int) throws {
        try driver.run(frames: frames, paced: false) { clock.advance(by: driver.loop.step) }
    }

    deinit { app.driver.shutdown() }
}
