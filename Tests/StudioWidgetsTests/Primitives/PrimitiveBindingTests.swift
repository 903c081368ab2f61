import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Primitives: room bindings")
struct PrimitiveBindingTests {
    static let entry = """
        { "widget": "text", "id": "line", "options": { "frame": { "width": 600, "height": 40 },
          "text": "{host.name} · {room.online} · {room.title} · {room.kind} #{room.id} {unclosed" } }
        """

    @Test("bindings are replaced by the room's data when the text loads")
    func substitute() throws {
        let f = try PrimitiveRoom.fixture(adding: Self.entry)
        let line = try #require(f.widget("line", as: TextPrimitive.self))
        let room = f.studio.room
        #expect(
            line.resolved
                == "\(room.hostName) · \(formatOnlineCount(room.onlineCount)) · \(room.title) · \(room.kind) #\(room.id) {unclosed")
        #expect(!room.hostName.isEmpty && !room.title.isEmpty)
        #expect(f.texts().contains(line.line))
    }

    @Test("bound text follows the online count and the host, and is fitted again only when it changes")
    func update() throws {
        let f = try PrimitiveRoom.fixture(adding: Self.entry)
        let line = try #require(f.widget("line", as: TextPrimitive.self))
        #expect(line.fitCount == 1)
        for _ in 0..<30 {
            _ = f.draw()
            f.step()
        }
        // The shipped room's feed may change the count in these steps: fitted once per change at most.
        let fitsBefore = line.fitCount
        f.publish(.onlineCountChanged, 4321)
        #expect(line.resolved.contains(" · \(formatOnlineCount(4321)) · "))
        #expect(line.fitCount == fitsBefore + 1)
        f.publish(.onlineCountChanged, 4321)
        #expect(line.fitCount == fitsBefore + 1, "the same count fitted the text again")
        f.publish(.hostRotated, "Mika")
        #expect(line.resolved.hasPrefix("Mika · "))
        #expect(line.fitCount == fitsBefore + 2)
    }

    @Test("a text without bindings listens to nothing and is fitted once")
    func plain() throws {
        let f = try PrimitiveRoom.fixture(
            adding: """
                { "widget": "text", "id": "plain", "options": { "frame": { "width": 300, "height": 40 }, "text": "Hello" } }
                """)
        let plain = try #require(f.widget("plain", as: TextPrimitive.self))
        f.publish(.onlineCountChanged, 99)
        f.step(10)
        #expect(plain.fitCount == 1 && plain.line == "Hello")
    }

    @Test("a binding naming data the room does not have is an error at load that lists the known fields")
    func unknown() throws {
        let error = try #require(
            PrimitiveRoom.error(
                adding: """
                    { "widget": "text", "options": { "frame": { "width": 300, "height": 40 }, "text": "{room.viewers} watching" } }
                    """))
        #expect(error.keyPath == "widgets[\(PrimitiveRoom.firstAddedIndex)].options.text")
        #expect(error.reason.contains("{room.viewers}"))
        for field in BoundText.Field.allCases { #expect(error.reason.contains("{\(field.rawValue)}")) }
    }
}
