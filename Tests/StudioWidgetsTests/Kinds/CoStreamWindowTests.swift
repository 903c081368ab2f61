import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Co-stream window")
struct CoStreamWindowTests {
    @Test("join pops the window in with the guest's name; leave shrinks it away and hides it")
    func joinLeave() throws {
        let f = try BusinessStudioFixture()
        let window = try f.add(CoStreamWindowWidget(autoGuest: nil))
        f.run(seconds: 1)
        #expect(window.isHidden)
        window.join(name: "Momo")
        f.step()
        #expect(window.appearance > 0 && window.appearance < 1)
        f.run(seconds: 0.5)
        #expect(window.appearance == 1)
        let texts = f.texts(in: .displayer)
        #expect(texts.contains("Momo") && texts.contains("Co-streaming"))
        window.leave()
        f.run(seconds: 0.5)
        #expect(window.isHidden)
        #expect(window.guest == nil)
        #expect(!f.texts(in: .displayer).contains("Momo"))
    }

    @Test("coStreamJoined and coStreamLeft drive the window")
    func events() throws {
        let f = try BusinessStudioFixture()
        let window = try f.add(CoStreamWindowWidget(autoGuest: nil))
        let recorder = f.recorder(.toastRequested)
        f.publish(.coStreamJoined, "Ann")
        #expect(window.guest == "Ann" && window.isJoined)
        #expect(recorder.values(.toastRequested) == ["Ann joined the stream"])
        f.publish(.coStreamLeft)
        #expect(!window.isJoined)
    }

    @Test("the demo guest joins by themselves after joinAfter seconds")
    func autoJoin() throws {
        let f = try BusinessStudioFixture()
        let window = try f.add(CoStreamWindowWidget(autoGuest: "Momo", joinAfter: 2))
        f.run(seconds: 1.9)
        #expect(window.guest == nil)
        f.run(seconds: 0.2)
        #expect(window.guest == "Momo")
    }

    @Test("hidden, the window takes no taps; shown, it takes them")
    func taps() throws {
        let f = try BusinessStudioFixture()
        let window = try f.add(CoStreamWindowWidget(autoGuest: nil))
        let inside = f.screenPoint(window, Point(x: 100, y: 150))
        #expect(HitTester.hitTest(f.studio.root, at: inside) !== window)
        window.join(name: "Momo")
        f.run(seconds: 0.5)
        #expect(HitTester.hitTest(f.studio.root, at: inside) === window)
    }
}
