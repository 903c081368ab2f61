import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Hearts")
struct HeartsTests {
    /// The centres of the heart circles drawn in the float layer (two per heart plus a highlight).
    private func heartCircleYs(_ list: DisplayList) -> [Double] {
        list.items(in: .float).compactMap { item in
            if case .fill(.circle(let c, _), _) = item.command { return item.transform.apply(c).y }
            return nil
        }
    }

    @Test("a room tap spawns hearts in the float layer at the tap point")
    func tapSpawnsHearts() {
        let f = StudioFixture()
        #expect(f.draw().items(in: .float).isEmpty)
        f.studio.announcer.publish(.roomTapped, Point(x: 300, y: 900))
        f.step(4)
        #expect(f.widget(HeartsWidget.self).heartCount == 4)
        let ys = heartCircleYs(f.draw())
        #expect(!ys.isEmpty)
        #expect(ys.allSatisfy { abs($0 - 900) < 60 })
    }

    @Test("hearts rise about 300 px and are gone within two seconds")
    func heartsRiseAndVanish() {
        let f = StudioFixture()
        f.studio.announcer.publish(.roomTapped, Point(x: 300, y: 900))
        f.step(4)
        let start = heartCircleYs(f.draw()).min()!
        f.run(seconds: 0.8)
        let later = heartCircleYs(f.draw()).min()!
        #expect(later < start - 150)
        f.run(seconds: 1.2)
        #expect(f.widget(HeartsWidget.self).heartCount == 0)
        #expect(f.draw().items(in: .float).isEmpty)
    }

    @Test("a finger tap on empty room space makes hearts")
    func fingerTapOnRoom() {
        let f = StudioFixture()
        f.run(seconds: 0.5)
        f.tap(at: Point(x: 360, y: 640))
        f.step()
        // At once: the portrait room declares no double tap, so nothing holds the tap back.
        #expect(f.widget(HeartsWidget.self).heartCount > 0)
    }

    @Test("the like button sends hearts up from itself")
    func likeButton() {
        let f = StudioFixture()
        let docker = f.widget(BottomBarWidget.self)
        let like = docker.transformToRoot.apply(docker.center(of: .like))
        let recorder = EventRecorder(f.studio.announcer, .likeTapped, .roomTapped)
        f.tap(at: like)
        f.step()
        #expect(recorder.count(of: .likeTapped) == 1)
        #expect(recorder.count(of: .roomTapped) == 0)
        #expect(f.widget(HeartsWidget.self).heartCount == 4)
    }

    @Test("each tap on the like button counts in the hearts the viewer sent")
    func likeButtonCounted() {
        let f = StudioFixture()
        let docker = f.widget(BottomBarWidget.self)
        let like = docker.transformToRoot.apply(docker.center(of: .like))
        for _ in 0..<5 {
            f.tap(at: like)
            f.step(30)
        }
        #expect(f.studio.output.heartsSent == 5)
    }

    @Test("a tap on the room's name tag at the top sends no hearts into the status bar")
    func badgeTapSendsNoHearts() throws {
        let f = try ConfiguredStudioFixture(kind: StudioKinds.audience)
        f.run(seconds: 0.5)
        let badge = try #require(f.studio.widget(StudioBadgeWidget.self))
        let recorder = EventRecorder(f.studio.announcer, .roomTapped)
        f.tap(at: f.center(of: badge))
        f.step()
        #expect(recorder.count(of: .roomTapped) == 0)
        #expect(try #require(f.studio.widget(HeartsWidget.self)).heartCount == 0)
        #expect(f.studio.output.heartsSent == 0)
    }

    @Test("space sends hearts from the pointer while it is over the room, else from the picture's middle")
    func spaceAtThePointer() throws {
        let f = StudioFixture()
        f.run(seconds: 0.5)
        let recorder = EventRecorder(f.studio.announcer, .roomTapped)
        f.studio.handleInput(.pointer(PointerEvent(.hovered, at: Point(x: 200, y: 700), time: f.time)))
        f.studio.handleInput(.key(KeyEvent(.space)))
        f.studio.announcer.deliverQueued()
        // The pointer leaves the window: SDL's leave arrives as a hover off the studio.
        f.studio.handleInput(.pointer(PointerEvent(.hovered, at: Point(x: -1, y: -1), time: f.time)))
        f.studio.handleInput(.key(KeyEvent(.space)))
        f.studio.announcer.deliverQueued()
        let points = recorder.received.compactMap { $0.value(.roomTapped) }
        #expect(points == [Point(x: 200, y: 700), Point(x: 360, y: 1280 * 0.62)], "\(points)")
        #expect(f.studio.output.heartsSent == 2)
    }

    @Test("a storm of taps keeps the number of hearts bounded")
    func heartsBounded() {
        let f = StudioFixture()
        let hearts = f.widget(HeartsWidget.self)
        for i in 0..<100 {
            f.studio.announcer.publish(.roomTapped, Point(x: Double(i), y: 900))
        }
        f.step()
        #expect(hearts.heartCount == hearts.maxHearts)
    }
}
