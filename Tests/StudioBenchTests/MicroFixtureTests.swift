import Foundation
import StudioKit
import Testing

@testable import StudioBench

/// The microbenchmarks must measure real work: each fixture, run a few times, passes its own
/// check, and the names both runners print are the ones the issue asks for.
@Suite("microbenchmark fixtures")
struct MicroFixtureTests {
    static let assets = try! AssetLocator.locate(explicit: nil)

    @Test("every fixture does the work it claims", arguments: MicroFixtures.all(assets: assets).map(\.name))
    func fixtureDoesWork(name: String) throws {
        let benchmark = try #require(MicroFixtures.all(assets: Self.assets).first { $0.name == name })
        let fixture = try benchmark.make()
        for _ in 0..<3 { fixture.run() }
        #expect(fixture.check(), "\(name) did no work")
        #expect(fixture.operations >= 1 && fixture.callsPerSample >= 1)
    }

    @Test("the announcer is measured with 0, 1 and 10 listeners next to NotificationCenter")
    func announcerAndNotificationCenterSideBySide() {
        let names = MicroFixtures.all(assets: Self.assets).map(\.name)
        for n in [0, 1, 10] {
            #expect(names.contains("announcer publish, \(n) listeners"))
            #expect(names.contains("NotificationCenter post, \(n) observers"))
        }
        for n in [1, 10] { #expect(names.contains("announcer publish, gift, \(n) listeners")) }
    }

    @Test("a fixture that did nothing fails its check")
    func checkCanFail() {
        #expect(!MicroFixtures.announcer(listeners: 1).check())
        #expect(!MicroFixtures.giftAnnouncer(listeners: 1).check())
    }
}
