import RoomFixtures
import Foundation
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

/// Sending a comment as a viewer does: tap the pill, type, press Enter, through the whole app.
@Suite("Typing and sending a comment")
struct CommentComposerTests {
    static let start = RoomDirectory().schemes.first { $0.kind == StudioKinds.audience }!

    static func pillPoint() throws -> Point {
        let probe = try AppFixture(start: start)
        try probe.run(frames: 2)
        let docker = try #require(probe.driver.studio.root.subtree().first { $0 is BottomBarWidget } as? BottomBarWidget)
        return docker.transformToRoot.apply(docker.center(of: .comment))
    }

    static func tap(at frame: Int, _ p: Point) -> [Int: [InputEvent]] {
        [
            frame: [.pointer(PointerEvent(.down, at: p, time: Double(frame) / 60))],
            frame + 3: [.pointer(PointerEvent(.up, at: p, time: Double(frame + 3) / 60))],
        ]
    }

    static func widget<W: Widget>(_ type: W.Type, _ f: AppFixture) throws -> W {
        try #require(f.driver.studio.root.subtree().first { $0 is W } as? W)
    }

    @Test("tap the pill, type (with L and Space among the letters), fix a typo, Enter: the comment is the viewer's")
    func typeAndSend() throws {
        let script = PersonInput.merged(
            Self.tap(at: 5, try Self.pillPoint()),
            [
                30: [.text("hello"), .key(KeyEvent(.space)), .text(" "), .text("世界 😀"), .key(KeyEvent(.l)), .text("lx")],
                32: [.key(KeyEvent(.backspace))],
                34: [.key(KeyEvent(.enter))],
            ])
        let f = try AppFixture(start: Self.start, script: script)
        try f.run(frames: 31)
        let composer = try Self.widget(CommentComposerWidget.self, f)
        #expect(composer.isPresented)
        #expect(composer.draft == "hello 世界 😀lx")
        #expect(!f.driver.studio.isLiteMode, "L typed into the box toggled lite mode")
        try f.run(frames: 10)
        #expect(!composer.isPresented)
        let own = try Self.widget(CommentListWidget.self, f).comments.last
        #expect(own?.text == "hello 世界 😀l")
        #expect(own?.isOwn == true)
        #expect(own?.user == "You")
        #expect(f.driver.studio.room.id == Self.start.id)
    }

    @Test("Escape closes the box without sending and without leaving the room")
    func escapeCloses() throws {
        let f = try AppFixture(
            start: Self.start,
            script: PersonInput.merged(
                Self.tap(at: 5, try Self.pillPoint()),
                [
                    20: [.text("never mind")], 22: [.key(KeyEvent(.escape))],
                ]))
        try f.run(frames: 40)
        let composer = try Self.widget(CommentComposerWidget.self, f)
        #expect(!composer.isPresented)
        #expect(try Self.widget(CommentListWidget.self, f).comments.allSatisfy { !$0.isOwn })
        #expect(f.driver.studio.room.id == Self.start.id)
        #expect(f.driver.studio.lifecycle == .loaded, "Escape in the box closed the room")
    }

    @Test("typing while no text field has the focus does nothing; L still toggles lite mode")
    func typingWithoutFocus() throws {
        let f = try AppFixture(start: Self.start, script: [10: [.text("hello")], 12: [.key(KeyEvent(.l))]])
        try f.run(frames: 40)
        #expect(try Self.widget(CommentListWidget.self, f).comments.allSatisfy { !$0.isOwn })
        #expect(f.driver.studio.isLiteMode)
    }

    @Test("a blank draft is not sent, and the box keeps at most its length")
    func blankAndLong() throws {
        let composer = CommentComposerWidget(maxLength: 5)
        let f = try BusinessStudioFixture()
        try f.studio.add(composer)
        f.publish(.commentInputTapped)
        composer.insertText("   ")
        composer.send()
        #expect(composer.isPresented, "a blank draft closed the box")
        composer.insertText("abcdefgh\nij")
        #expect(composer.draft == "   ab")
    }
}

@Suite("Toasts wrap")
struct ToastWrapTests {
    @Test("a long toast wraps to several lines instead of being cut, and each line fits")
    func wraps() throws {
        let f = try BusinessStudioFixture()
        let message = "You won a Bunny! It will be shipped to you within three days, track it in your orders"
        f.publish(.toastRequested, message)
        f.run(seconds: 0.5)
        let texts = f.texts(in: .float)
        #expect(texts.count >= 2, "\(texts)")
        #expect(texts.joined(separator: " ") == message)
    }
}
