import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Audience list")
struct AudienceListTests {
    @Test("a VIP who enters goes to the front with a gold ring and the count goes up by one")
    func vipEnters() throws {
        let f = try BusinessStudioFixture()
        let list = try f.add(AudienceListWidget())
        let before = list.onlineCount
        f.publish(.audienceEntered, AudienceMember(name: "Zed", level: 60, isVIP: true))
        #expect(list.shownMembers.first?.name == "Zed")
        #expect(list.onlineCount == before + 1)
        // The first avatar's ring: a circle 3 px around the 23 px avatar, in gold.
        let ring = f.draw().items(in: .movable).first { item in
            if case .fill(.circle(let c, let r), _) = item.command { return c == Point(x: 26, y: 28) && r == 26 }
            return false
        }
        #expect(ring?.command == .fill(.circle(center: Point(x: 26, y: 28), radius: 26), Palette.gold))
    }

    @Test("a member who leaves is removed and the count goes down by one")
    func memberLeaves() throws {
        let f = try BusinessStudioFixture()
        let list = try f.add(AudienceListWidget())
        let zed = AudienceMember(name: "Zed", level: 60)
        f.publish(.audienceEntered, zed)
        let count = list.onlineCount
        f.publish(.audienceLeft, zed)
        #expect(!list.members.contains { $0.name == "Zed" })
        #expect(list.onlineCount == count - 1)
    }

    @Test("members rank VIPs first, then by fan level, earlier arrivals first among equals")
    func ranking() throws {
        let f = try BusinessStudioFixture()
        let list = try f.add(AudienceListWidget(shownCount: 5))
        for m in [
            AudienceMember(name: "A", level: 70), AudienceMember(name: "B", level: 70),
            AudienceMember(name: "V", level: 1, isVIP: true),
        ] {
            f.publish(.audienceEntered, m)
        }
        // Among the simulated members present from the start, these three keep their order.
        #expect(list.members.map(\.name).filter { ["V", "A", "B"].contains($0) } == ["V", "A", "B"])
        #expect(list.members.firstIndex { $0.name == "V" }! < list.members.firstIndex { !$0.isVIP }!)
    }

    @Test("the online count follows onlineCountChanged and shows formatted in the pill")
    func onlineCount() throws {
        let f = try BusinessStudioFixture()
        let list = try f.add(AudienceListWidget())
        f.publish(.onlineCountChanged, 45_678)
        #expect(list.onlineCount == 45_678)
        #expect(f.texts(in: .movable).contains("45.6k"))
        // It stays clear of the right margin, whatever the pill's width.
        #expect(list.frame.maxX == 700)
    }

    @Test("tapping the audience list opens the rank dialog")
    func tapOpensRank() throws {
        let f = try BusinessStudioFixture()
        let list = try f.add(AudienceListWidget())
        let dialog = try f.add(RankListDialogWidget())
        let recorder = f.recorder(.rankListRequested)
        f.tapScreen(at: f.screenPoint(list, Point(x: 20, y: 28)))
        #expect(recorder.count(of: .rankListRequested) == 1)
        #expect(dialog.isPresented)
    }
}
