import RoomFixtures
import Foundation
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioWidgets
@testable import Studios

/// A kind written as 0.9.0's documentation wrote one, on the names 0.11.0 brought back: the
/// deprecated spellings still compile and still do what they did. Marked deprecated itself,
/// so that LiveStudio's own build stays free of the warnings a package written for 0.9.0
/// gets.
@available(*, deprecated)
final class KindWrittenFor09: RoomComponent, StudioKind {
    static let kind: RoomKind = "writtenFor09"
    static let requiredWidgets: [String] = []

    private(set) var loads = 0
    private(set) var toasts: [String] = []
    private(set) var found: Widget?

    override func roomDidLoad() {
        listen(to: .toastRequested) { kind, text in kind.toasts.append(text) }
    }

    override func studioDidLoad() {
        super.studioDidLoad()
        loads += 1
        toast("You won!")
        setBadgeDetail("1 won")
        found = widget(named: StudioBadgeWidget.catalogName)
    }
}

@Suite("a package written for 0.9.0")
struct UpgradingTests {
    @available(*, deprecated)
    static func room() throws -> (Room, KindWrittenFor09) {
        let catalog: Catalogue = Catalogue(kinds: StudioTypes([StudioKindRegistration(KindWrittenFor09.self)]))
        let factory = StudioFactory(types: .standard + catalog.kinds, catalog: .standard())
        let config = StudioConfig(
            kind: KindWrittenFor09.kind, title: "Old", widgets: [.init(name: StudioBadgeWidget.catalogName, level: 1000)])
        let name: String = KindWrittenFor09.kind.rawValue
        let room = RoomInfo(id: 9, kind: name, title: "Old", hostName: "Host", cover: ImageRef("cover-1"), onlineCount: 1)
        let studio = try factory.makeStudio(
            config: config, room: room, environment: StudioEnvironment(measurer: ApproximateTextMeasurer(), seed: 1))
        studio.load()
        studio.announcer.deliverQueued()
        return (studio, try #require(studio.component(KindWrittenFor09.self)))
    }

    @available(*, deprecated)
    @Test("studioDidLoad still runs once, after roomDidLoad, and the room helpers reach the room")
    func oldHooksAndHelpers() throws {
        let (studio, kind) = try Self.room()
        #expect(studio.room.kind == KindWrittenFor09.kind, "a String kind reads as the RoomKind")
        #expect(kind.loads == 1)
        #expect(kind.toasts == ["You won!"], "toast reaches the room's messages, heard by a listener set up in roomDidLoad")
        #expect(studio.badge.detail == "1 won")
        #expect(kind.found === studio.widget(named: StudioBadgeWidget.catalogName) && kind.found != nil)
        studio.toast("again")
        studio.announcer.deliverQueued()
        #expect(kind.toasts == ["You won!", "again"], "the studio's own toast(_:) still posts")
    }
}

/// A kind written as 0.11's documentation wrote one: a `RoomComponent` subclass that
/// overrides the hooks and reaches the room's messages and badge through `studio`.
@available(*, deprecated)
final class KindWrittenFor011: RoomComponent, StudioKind {
    static let kind: RoomKind = "writtenFor011"
    static let requiredWidgets: [String] = []

    private(set) var steps = 0

    override func roomDidLoad() {
        listen(to: .likeTapped) { kind, _ in kind.studio.messages.toast("liked") }
        studio.badge.detail = "0.11"
    }

    override func didUpdate(_ step: FrameStep) { steps += 1 }

    override func admitsFeed(_ name: EventName) -> Bool { name != EventKey.commentArrived.name }
}

@Suite("a package written for 0.11")
struct UpgradingFrom011Tests {
    @available(*, deprecated)
    @Test("a RoomComponent subclass is still a part of the room: its overridden hooks run and it reaches the room")
    func componentSubclass() throws {
        let factory = StudioFactory(types: .standard + StudioTypes([StudioKindRegistration(KindWrittenFor011.self)]))
        let config = StudioConfig(
            kind: KindWrittenFor011.kind, title: "0.11", widgets: [.init(name: StudioBadgeWidget.catalogName, level: 1000)])
        let studio: ConfiguredStudio = try factory.makeStudio(
            config: config, room: .placeholder, environment: StudioEnvironment(measurer: ApproximateTextMeasurer(), seed: 1))
        studio.load()
        let kind = try #require(studio.component(KindWrittenFor011.self))
        #expect(studio.badge.detail == "0.11")
        var toasts: [String] = []
        let token = studio.announcer.subscribe(studio, to: .toastRequested) { _, text in toasts.append(text) }
        studio.announcer.publish(.likeTapped, Point(x: 1, y: 1))
        studio.announcer.deliverQueued()
        #expect(toasts == ["liked"])
        studio.update(FrameStep(dt: 1.0 / 60, time: 1.0 / 60, index: 1))
        #expect(kind.steps == 1)
        let gated = studio.gatedFeedNotes
        studio.receiveFeed(StudioNote(.commentArrived, Comment(user: "a", text: "b", userColor: .white)))
        #expect(studio.gatedFeedNotes == gated + 1, "the overridden admitsFeed still gates")
        token.cancel()
    }
}
