import StudioKit
import Testing
@testable import Studios

@Suite("Comment list")
struct CommentListTests {
    @Test("the comment list gets a comment about every 0.8 s of simulated time")
    func commentsArrive() {
        let f = StudioFixture()
        let list = f.widget(CommentListWidget.self)
        #expect(list.comments.count == 1) // the welcome notice
        f.run(seconds: 2.5)
        #expect(list.comments.count == 4)
        let drawn = f.draw().texts(in: .movable)
        #expect(list.comments.allSatisfy { drawn.contains($0.user) })
    }

    @Test("the comment list keeps only the newest comments up to its capacity")
    func capped() {
        let f = StudioFixture()
        let list = f.widget(CommentListWidget.self)
        f.run(seconds: 20)
        #expect(list.comments.count == list.capacity)
        #expect(!list.comments.contains { $0.text == DemoComments.welcome })
    }

    @Test("a commentArrived event appends its comment at the bottom")
    func commentEvent() {
        let f = StudioFixture()
        let list = f.widget(CommentListWidget.self)
        let comment = Comment(user: "Tester", text: "hello there", userColor: .white)
        f.studio.announcer.post(.commentArrived, .custom(AnyHashableSendable(comment)))
        f.step()
        #expect(list.comments.last == comment)
    }

    @Test("a long comment is cut with an ellipsis to fit its bubble")
    func longComment() {
        let f = StudioFixture()
        let list = f.widget(CommentListWidget.self)
        list.feedInterval = nil
        list.append(Comment(user: "Tester", text: String(repeating: "very long ", count: 20), userColor: .white))
        f.step(30)
        let text = f.draw().texts(in: .movable).first { $0.hasPrefix("very long") }
        #expect(text?.hasSuffix("…") == true)
    }

    @Test("concealing the comment list's level removes its items from the display list")
    func concealed() {
        let f = StudioFixture()
        f.run(seconds: 2)
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

    @Test("a concealed comment list receives no new demo comments")
    func concealedDoesNotUpdate() {
        let f = StudioFixture()
        f.studio.conceal(levels: [Levels.commentList])
        f.run(seconds: 3)
        #expect(f.widget(CommentListWidget.self).comments.count == 1)
    }
}
