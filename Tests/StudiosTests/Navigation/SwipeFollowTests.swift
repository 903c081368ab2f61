import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

/// A swipe moves what it moves exactly as far as the finger went, until the finger lifts.
@Suite("Swipes follow the finger 1:1")
struct SwipeFollowTests {
    @Test("during a horizontal swipe the movable layer's offset equals the finger's travel within 1 px, both ways")
    func liteFollows() throws {
        let f = StudioFixture()
        let layer = f.studio.layer(.movable)
        for (start, deltas) in [
            (100.0, stride(from: 20.0, through: 500, by: 37).map { $0 }),
            (620.0, stride(from: -20.0, through: -500, by: -37).map { $0 }),
        ] {
            let goingBack = start > 360
            if goingBack {
                f.studio.setLiteMode(true)
                f.run(seconds: 1)
            }
            f.studio.handleInput(.pointer(PointerEvent(.down, at: Point(x: start, y: 640), time: f.time)))
            for (i, dx) in deltas.enumerated() {
                f.studio.handleInput(.pointer(PointerEvent(.moved, at: Point(x: start + dx, y: 640), time: f.time + 0.01 * Double(i + 1))))
                f.studio.announcer.deliverQueued()
                f.step()
                let offset = layer.transform.apply(.zero).x
                // Going to lite the layer follows from 0; coming back it follows from the full width.
                let expected = goingBack ? 720 + dx : dx
                #expect(abs(offset - expected) <= 1, "finger at \(dx) px, layer at \(offset) px")
            }
            f.studio.handleInput(.pointer(PointerEvent(.up, at: Point(x: start + deltas.last!, y: 640), time: f.time + 0.5)))
            f.run(seconds: 1)
            #expect(f.studio.isLiteMode == !goingBack)
        }
    }

    @Test("a cancelled lite swipe animates back to where it started")
    func cancelledSpringsBack() throws {
        let f = StudioFixture()
        let layer = f.studio.layer(.movable)
        f.studio.handleInput(.pointer(PointerEvent(.down, at: Point(x: 100, y: 640), time: f.time)))
        f.studio.handleInput(.pointer(PointerEvent(.moved, at: Point(x: 200, y: 640), time: f.time + 0.4)))
        f.studio.handleInput(.pointer(PointerEvent(.up, at: Point(x: 200, y: 640), time: f.time + 0.8)))  // slow, short: not committed
        f.announcerDeliver()
        f.step()
        let released = layer.transform.apply(.zero).x
        #expect(released > 0)
        f.step(3)
        let moving = layer.transform.apply(.zero).x
        #expect(moving < released && moving > 0, "it jumps instead of animating back")
        f.run(seconds: 1)
        #expect(layer.transform.apply(.zero).x == 0)
        #expect(!f.studio.isLiteMode)
    }
}

extension StudioFixture {
    func announcerDeliver() { studio.announcer.deliverQueued() }
}
