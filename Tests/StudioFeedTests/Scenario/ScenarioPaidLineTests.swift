import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Scenario lines for super chats and memberships")
struct ScenarioPaidLineTests {
    @Test("a superChat line gives its price, text and pinned time; without seconds its band's time")
    func superChatLine() throws {
        let s = try Scenario.parse(
            """
            {"t": 1, "superChat": {"user": "Ana", "text": "加油 😀", "price": 50, "seconds": 90}}
            {"t": 2, "superChat": {"user": "Bo", "text": "hi", "price": 100}}
            """, file: "sc.jsonl")
        let chats = s.entries.compactMap { if case .note(let n) = $0.action { n.value(.superChatArrived) } else { nil } }
        #expect(
            chats == [
                SuperChat(user: "Ana", message: "加油 😀", price: 50, seconds: 90),
                SuperChat(user: "Bo", message: "hi", price: 100, seconds: 300),
            ])
    }

    @Test("a guard line gives the membership; its level is Bilibili's 1 to 3, captain by default")
    func guardLine() throws {
        let s = try Scenario.parse(
            """
            {"t": 1, "guard": {"user": "Ana"}}
            {"t": 2, "guard": {"user": "Bo", "level": 1, "months": 12}}
            """, file: "g.jsonl")
        let members = s.entries.compactMap { if case .note(let n) = $0.action { n.value(.membershipBought) } else { nil } }
        #expect(members == [Membership(user: "Ana", level: .captain), Membership(user: "Bo", level: .governor, months: 12)])
    }

    @Test("a super chat's price out of range, a bad level and an unknown key are refused on their line")
    func badLines() {
        ScenarioParseTests.expectError(#"{"t": 3, "superChat": {"user": "A", "text": "x", "price": 1e7}}"#, "price")
        ScenarioParseTests.expectError(#"{"t": 3, "superChat": {"user": "A", "text": "x", "price": 0}}"#, "price")
        ScenarioParseTests.expectError(#"{"t": 3, "guard": {"user": "A", "level": 4}}"#, "level")
        ScenarioParseTests.expectError(#"{"t": 3, "guard": {"user": "A", "colour": 4}}"#, "colour")
    }
}
