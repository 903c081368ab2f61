import Testing

@testable import StudioKit

/// didLoad / didUnload: once each, only inside a loaded studio, parents load before their
/// children and unload after them.
@Suite("Widget lifecycle")
struct TreeLifecycleTests {
    /// parent(10) > [child(1) > [grandchild(0)], sibling(2)], logging into `log`.
    static func family(_ log: CallLog) throws -> RecordingWidget {
        let parent = RecordingWidget("parent", level: 210, log: log)
        let child = RecordingWidget("child", level: 1, log: log)
        try parent.addChild(child)
        try child.addChild(RecordingWidget("grandchild", level: 0, log: log))
        try parent.addChild(RecordingWidget("sibling", level: 2, log: log))
        return parent
    }

    @Test("a tree that is not in a studio never loads")
    func noLoadOutsideAStudio() throws {
        let log = CallLog()
        let parent = try Self.family(log)
        try parent.addChild(RecordingWidget("late", level: 5, log: log))
        parent.first(named: "late")?.removeFromParent()
        #expect(log.entries.isEmpty)
        #expect(parent.subtree().allSatisfy { !$0.isLoaded && $0.context == nil })
    }

    @Test("widgets added to a studio before it loads load when it loads, parents before children")
    func loadRunsOnStudioLoadParentFirst() throws {
        let log = CallLog()
        let studio = makeEmptyStudio()
        try studio.add(try Self.family(log))
        #expect(log.entries.isEmpty)
        studio.load()
        #expect(log.entries == ["load parent", "load child", "load grandchild", "load sibling"])
    }

    @Test("loading the studio twice loads each widget once")
    func loadIsIdempotent() throws {
        let log = CallLog()
        let studio = makeEmptyStudio()
        try studio.add(try Self.family(log))
        studio.load()
        studio.load()
        #expect(log.entries(startingWith: "load").count == 4)
    }

    @Test("a widget added to a loaded studio loads at once, before its children")
    func addToLoadedStudioLoadsImmediately() throws {
        let log = CallLog()
        let studio = makeEmptyStudio()
        studio.load()
        try studio.add(try Self.family(log))
        #expect(log.entries == ["load parent", "load child", "load grandchild", "load sibling"])
    }

    @Test("removing a loaded widget unloads its subtree children first, last sibling first")
    func removeUnloadsChildrenFirst() throws {
        let log = CallLog()
        let studio = makeEmptyStudio()
        let parent = try Self.family(log)
        try studio.add(parent)
        studio.load()
        log.clear()
        parent.removeFromParent()
        #expect(log.entries == ["unload sibling", "unload grandchild", "unload child", "unload parent"])
        #expect(parent.subtree().allSatisfy { !$0.isLoaded })
    }

    @Test("leaving the studio unloads every widget once, children before parents")
    func leavingUnloadsEverything() throws {
        let log = CallLog()
        let studio = makeEmptyStudio()
        try studio.add(try Self.family(log))
        studio.load()
        log.clear()
        studio.didLeave()
        studio.didLeave()
        #expect(log.entries == ["unload sibling", "unload grandchild", "unload child", "unload parent"])
        #expect(studio.lifecycle == .left)
    }

    @Test("a widget removed and added again loads again, once")
    func reAddLoadsAgain() throws {
        let studio = makeEmptyStudio()
        studio.load()
        let w = RecordingWidget("w", level: 220)
        try studio.add(w)
        w.removeFromParent()
        try studio.add(w)
        #expect(w.loadCount == 2)
        #expect(w.unloadCount == 1)
        #expect(w.isLoaded)
    }

    @Test("children a widget adds in its own didLoad load once")
    func childrenAddedInDidLoadLoadOnce() throws {
        final class Builder: Widget {
            let log: CallLog
            init(log: CallLog) {
                self.log = log
                super.init(name: "builder", level: 230)
            }
            override func didLoad() {
                log.add("load builder")
                try? addChild(RecordingWidget("built", level: 0, log: log))
            }
        }
        let log = CallLog()
        let studio = makeEmptyStudio()
        try studio.add(Builder(log: log))
        studio.load()
        #expect(log.entries == ["load builder", "load built"])
    }

    @Test("a loaded widget's context names the studio and the layer its level belongs to")
    func contextCarriesStudioAndLayer() throws {
        let studio = makeEmptyStudio()
        studio.load()
        for (level, kind) in [(50.0, LayerKind.background), (150, .displayer), (250, .movable), (350, .lite), (450, .float)] {
            let w = Widget(name: "w\(level)", level: level)
            let child = Widget(name: "c\(level)", level: 0)
            try w.addChild(child)
            try studio.add(w)
            #expect(w.context?.layer == kind)
            #expect(child.context?.layer == kind)
            #expect(w.context?.studio === studio)
        }
    }

    @Test("a widget's own subscriptions are cancelled when it unloads")
    func unloadCancelsSubscriptions() throws {
        final class Listening: Widget {
            var heard = 0
            override func didLoad() { listen(to: .ping) { widget, _ in widget.heard += 1 } }
        }
        let studio = makeEmptyStudio()
        studio.load()
        let w = Listening(name: "listening", level: 420)
        try studio.add(w)
        studio.announcer.publish(.ping)
        studio.announcer.deliverQueued()
        #expect(w.heard == 1)
        #expect(studio.announcer.subscriptions(of: w) == [EventKey.ping.name])
        w.removeFromParent()
        studio.announcer.publish(.ping)
        studio.announcer.deliverQueued()
        #expect(w.heard == 1)
        #expect(w.subscriptions.isEmpty)
        #expect(studio.announcer.subscriptions(of: w).isEmpty)
    }

    @Test("a widget in no studio, before it is added or once removed, subscribes to nothing and publishes nothing")
    func widgetOutsideAStudioHasNoRoom() throws {
        let studio = makeEmptyStudio()
        studio.load()
        studio.announcer.deliverQueued()
        let w = Widget(name: "loose", level: 420)
        let before = w.listen(to: .ping) { _, _ in }
        #expect(before == nil)
        try studio.add(w)
        // While it is in the studio, it publishes there.
        w.publish(.ping)
        #expect(studio.announcer.pendingCount == 1)
        studio.announcer.deliverQueued()
        w.removeFromParent()
        let after = w.listen(to: .ping) { _, _ in }
        #expect(after == nil)
        #expect(w.subscriptions.isEmpty)
        w.publish(.ping)
        #expect(studio.announcer.pendingCount == 0)
    }
}
