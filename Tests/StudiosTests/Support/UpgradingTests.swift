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
    static func room() throws -> (ConfiguredStudio, KindWrittenFor09) {
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
