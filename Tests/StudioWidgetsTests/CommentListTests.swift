import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Comment list")
struct CommentListTests {
    private func publish<Payload>(_ f: StudioFixture, _ key: EventKey<Payload>, _ value: Payload) {
        f.studio.announcer.publish(key, value)
        f.step()
    }

    private func chat(_ i: Int) -> StudioDomain.Comment {
        Comment(user: "u\(i)", text: "message \(i)", userColor: .white)
    }

    @Test("a new room's comment list shows the welcome notice")
    func welcome() {
        let list = StudioFixture().widget(CommentListWidget.self)
        #expect(list.comments.map(\.kind) == [.system])
        #expect(list.comments.first?.text == CommentListWidget.welcome)
    }

    @Test("a commentArrived event appends its comment at the bottom and it is drawn")
    func commentEvent() {
        let f = StudioFixture()
        let list = f.widget(CommentListWidget.self)
        let comment = Comment(user: "Tester", text: "hello there", userColor: .white)
        publish(f, .commentArrived, comment)
        #expect(list.comments.last == comment)
        #expect(f.draw().texts(in: .movable).contains("hello there"))
    }

    @Test("someone entering, a gift and a platform notice each become a line of their kind")
    func feedLines() {
        let f = StudioFixture()
        let list = f.widget(CommentListWidget.self)
        publish(f, .audienceEntered, AudienceMember(name: "小鱼儿", level: 12, isVIP: true))
        let rose = Gift(id: "rose", name: "Rose", coins: 1, tier: .small)
        publish(f, .giftArrived, GiftMessage(sender: "Leo", gift: rose, count: 3))
        publish(f, .systemMessage, "Reconnected")
        let last3 = list.comments.suffix(3)
        #expect(last3.map(\.kind) == [.enter, .gift, .system])
        #expect(last3.map(\.text) == ["joined the room", "sent Rose ×3", "Reconnected"])
        #expect(last3.first?.userColor == Palette.gold)  // a VIP's name is gold
    }

    @Test("events that are not lines for the list are ignored")
    func otherEvents() {
        let f = StudioFixture()
        let list = f.widget(CommentListWidget.self)
        publish(f, .likesArrived, 30)
        publish(f, .rankChanged, 3)
        publish(f, .audienceLeft, AudienceMember(name: "Zed", level: 60))
        #expect(list.comments.count == 1)
    }

    @Test("the comment list keeps the newest lines up to its history limit and shows its capacity of them")
    func capped() {
        let f = StudioFixture()
        let list = f.widget(CommentListWidget.self)
        let n = CommentListWidget.historyLimit + 20
        for i in 0..<n { publish(f, .commentArrived, chat(i)) }
        #expect(list.comments.count == CommentListWidget.historyLimit)
        #expect(list.comments.last?.text == "message \(n - 1)")
        #expect(!list.comments.contains { $0.text == CommentListWidget.welcome })
        f.run(seconds: 0.5)
        let shown = f.draw().texts(in: .movable).filter { $0.hasPrefix("message ") }
        #expect(shown == (n - list.capacity..<n).map { "message \($0)" })
    }

    @Test("a long comment is cut with an ellipsis to fit its bubble")
    func longComment() {
        let f = StudioFixture()
        let list = f.widget(CommentListWidget.self)
        list.append(Comment(user: "Tester", text: String(repeating: "very long ", count: 20), userColor: .white))
        f.step(30)
        let text = f.draw().texts(in: .movable).first { $0.hasPrefix("very long") }
        #expect(text?.hasSuffix("…") == true)
    }

    @Test("concealing the comment list's level removes its items from the display list")
    func concealed() {
        let f = StudioFixture()
        for i in 0..<3 { publish(f, .commentArrived, chat(i)) }
        let comments = f.widget(CommentListWidget.self).comments
        let before = f.draw()
        #expect(before.texts(in: .movable).contains(comments.last!.text))

        f.studio.conceal(levels: [Levels.commentList])
        let after = f.draw()
        // Three items per comment (bubble, name, text) and the list's clip push and pop; the
        // rest of the layer is untouched.
        #expect(after.items(in: .movable).count == before.items(in: .movable).count - 3 * comments.count - 2)
        #expect(!after.texts(in: .movable).contains(comments.last!.text))
        #expect(after.texts(in: .movable).contains("Say something…"))
    }
}

@Suite("Comment list gift combos")
struct CommentListGiftTests {
    private func send(_ f: StudioFixture, _ sender: String, _ id: String, count: Int = 1) {
        let gift = Gift(id: id, name: id.capitalized, coins: 1, tier: .small)
        f.studio.announcer.publish(.giftArrived, GiftMessage(sender: sender, gift: gift, count: count))
        f.step()
    }

    @Test("repeated sends of one gift by one sender make one line whose count grows")
    func comboMerges() {
        let f = StudioFixture()
        let list = f.widget(CommentListWidget.self)
        send(f, "Leo", "rose")
        send(f, "Leo", "rose", count: 2)
        send(f, "Leo", "rose")
        #expect(list.comments.count == 2)  // the welcome notice and one gift line
        #expect(list.comments.last?.text == "sent Rose ×4")
    }

    @Test("another sender, another gift or a line in between starts a new gift line")
    func comboBreaks() {
        let f = StudioFixture()
        let list = f.widget(CommentListWidget.self)
        send(f, "Leo", "rose")
        send(f, "Mia", "rose")
        send(f, "Mia", "heart")
        f.studio.announcer.publish(.systemMessage, "hello")
        f.step()
        send(f, "Mia", "heart")
        #expect(list.comments.map(\.text).suffix(5) == ["sent Rose ×1", "sent Rose ×1", "sent Heart ×1", "hello", "sent Heart ×1"])
    }
}
