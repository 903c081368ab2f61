import Foundation
import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Leaving every room: the room gesture, no dead ends, a bounce at the ends")
struct RoomNavigationTests {
    /// Every room of the audience session, by its scheme.
    static let audienceRooms: [Scheme] = RoomDirectory().schemes.filter { $0.kind != StudioKinds.host }

    @Test(
        "every room kind of the audience session is left by a swipe to another room, and a swipe back returns",
        arguments: audienceRooms)
    func swipeAwayAndBack(scheme: Scheme) throws {
        let probe = try AppFixture(start: scheme)
        // Towards a neighbour: up where there is a next room, down from the last.
        let dy: Double = probe.app.session.hasRoom(at: 1) ? -600 : 600
        let f = try AppFixture(
            start: scheme,
            script: PersonInput.merged(
                PersonInput.swipe(at: 5, dy: dy), PersonInput.swipe(at: 50, dy: -dy)))
        try f.run(frames: 45)
        #expect(f.driver.studio.room.id != scheme.id, "a swipe in \(scheme) changed nothing")
        #expect(f.driver.state.position == (dy < 0 ? 1 : -1))
        try f.run(frames: 50)
        #expect(f.driver.studio.room.id == scheme.id, "the swipe back did not return to \(scheme)")
        #expect(f.driver.state.position == 0)
    }

    @Test(
        "every room kind of the audience session is left by the arrow keys to another room, and back",
        arguments: audienceRooms)
    func keysAwayAndBack(scheme: Scheme) throws {
        let probe = try AppFixture(start: scheme)
        let (away, back): (Key, Key) = probe.app.session.hasRoom(at: 1) ? (.up, .down) : (.down, .up)
        let f = try AppFixture(
            start: scheme,
            script: PersonInput.merged(
                PersonInput.key(away, at: 5), PersonInput.key(back, at: 50)))
        try f.run(frames: 45)
        #expect(f.driver.studio.room.id != scheme.id, "\(away) in \(scheme) changed nothing")
        try f.run(frames: 50)
        #expect(f.driver.studio.room.id == scheme.id, "\(back) did not return to \(scheme)")
    }

    @Test("swiping down in the first room: the room follows the finger with resistance, springs back, and says so")
    func bounceAtTheFirstRoom() throws {
        let first = try #require(Self.audienceRooms.first)
        let f = try AppFixture(start: first, script: PersonInput.swipe(at: 5, dy: 600))
        try f.run(frames: 11)
        let offset = f.driver.state.dragOffset
        #expect(offset > 0 && offset < 500 * 0.5, "the drag was not resisted: \(offset)")
        // Nothing is before the first room: no neighbour's cover and title peek in.
        #expect(f.backend.rendered.last?.texts(in: .background).isEmpty == true)
        try f.run(frames: 6)
        #expect(f.driver.state.bounce != nil)
        try f.run(frames: 40)
        #expect(f.driver.state.dragOffset == 0 && f.driver.state.bounce == nil)
        #expect(f.driver.studio.room.id == first.id && f.driver.state.transition == nil)
        #expect(f.backend.rendered.contains { $0.texts(in: .float).contains("This is the first room") })
    }

    @Test("the Up arrow in the last room nudges the room, which springs back, and says it is the last room")
    func bounceAtTheLastRoom() throws {
        let last = try #require(Self.audienceRooms.last)
        let f = try AppFixture(start: last, script: PersonInput.key(.up, at: 5))
        try f.run(frames: 12)
        #expect(f.driver.state.dragOffset < 0, "no visible nudge")
        try f.run(frames: 40)
        #expect(f.driver.state.dragOffset == 0)
        #expect(f.driver.studio.room.id == last.id && f.driver.state.position == 0)
        #expect(f.backend.rendered.contains { $0.texts(in: .float).contains("This is the last room") })
    }

    @Test("lite mode does not carry over: the next room opens with its movable layer in place")
    func liteModeStaysInItsRoom() throws {
        let f = try AppFixture(script: PersonInput.merged(PersonInput.key(.l, at: 3), PersonInput.key(.up, at: 40)))
        try f.run(frames: 30)
        #expect(f.driver.studio.isLiteMode)
        try f.run(frames: 60)
        #expect(f.driver.state.position == 1)
        #expect(!f.driver.studio.isLiteMode)
    }

    @Test("in the host session the host leaves by ending the stream: Go Live, End, then Leave closes the studio")
    func hostLeavesByEnding() throws {
        let probe = try AppFixture(session: "host")
        let panel = try #require(probe.driver.studio.widget(named: "hostPanel"))
        let button = panel.transformToRoot.apply(HostPanelWidget.goButton.center)
        func tap(_ frame: Int) -> [Int: [InputEvent]] {
            [
                frame: [.pointer(PointerEvent(.down, at: button, time: Double(frame) / 60))],
                frame + 3: [.pointer(PointerEvent(.up, at: button, time: Double(frame + 3) / 60))],
            ]
        }
        let f = try AppFixture(
            session: "host",
            script: PersonInput.merged(
                PersonInput.swipe(at: 2, dy: -600), tap(20), tap(90), tap(130)))
        try f.run(frames: 18)
        #expect(f.driver.state.position == 0 && f.driver.state.transition == nil, "a swipe left the host's studio")
        let studio = f.driver.studio
        #expect(studio.part(HostRoom.self) != nil)
        #expect(studio.liveSession.liveState == .preview)
        try f.run(frames: 60)
        #expect(studio.liveSession.liveState == .live)
        try f.run(frames: 40)
        #expect(studio.liveSession.liveState == .ended)
        #expect(f.backend.rendered.last?.texts(in: .movable).contains { $0.hasPrefix("Stream ended") } == true)
        try f.run(frames: 20)
        #expect(f.driver.isFinished)
    }
}
