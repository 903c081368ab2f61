import Testing

@testable import StudioKit

/// `updateTree`: parents before children, siblings in level order, concealed subtrees
/// skipped, and edits made during an update neither skip nor repeat a widget.
@Suite("Widget update traversal")
struct TreeUpdateTraversalTests {
    @Test("updateTree updates a parent before its children and siblings in level order")
    func updateOrder() throws {
        let log = CallLog()
        let root = RecordingWidget("root", level: 0, log: log)
        let b = RecordingWidget("b", level: 2, log: log)
        try root.addChild(b)
        try root.addChild(RecordingWidget("a", level: 1, log: log))
        try b.addChild(RecordingWidget("b1", level: 0, log: log))
        root.updateTree(fixedStep(1))
        #expect(log.entries == ["update root", "update a", "update b", "update b1"])
    }

    @Test("a widget that removes itself during update does not make its next sibling miss the step")
    func selfRemovalSkipsNobody() throws {
        let log = CallLog()
        let root = Widget(name: "root", level: 0)
        let a = RecordingWidget("a", level: 1, log: log)
        a.onUpdate = { $0.removeFromParent() }
        try root.addChild(a)
        try root.addChild(RecordingWidget("b", level: 2, log: log))
        try root.addChild(RecordingWidget("c", level: 3, log: log))
        root.updateTree(fixedStep(1))
        #expect(log.entries == ["update a", "update b", "update c"])
        #expect(root.children.map(\.name) == ["b", "c"])
    }

    @Test("a widget that removes an earlier sibling during update does not make the next one miss the step")
    func removingAnEarlierSiblingSkipsNobody() throws {
        let log = CallLog()
        let root = Widget(name: "root", level: 0)
        let a = RecordingWidget("a", level: 1, log: log)
        let b = RecordingWidget("b", level: 2, log: log)
        b.onUpdate = { _ in a.removeFromParent() }
        for w in [a, b, RecordingWidget("c", level: 3, log: log)] { try root.addChild(w) }
        root.updateTree(fixedStep(1))
        #expect(log.entries == ["update a", "update b", "update c"])
    }

    @Test("a widget that adds a lower-level sibling during update is updated once in that step")
    func addingALowerSiblingDoesNotRepeatTheUpdate() throws {
        let log = CallLog()
        let root = Widget(name: "root", level: 0)
        let spawner = RecordingWidget("spawner", level: 5, log: log)
        spawner.onUpdate = { w in
            if w.updateCount == 1 { try? root.addChild(RecordingWidget("spawned", level: 1, log: log)) }
        }
        try root.addChild(spawner)
        root.updateTree(fixedStep(1))
        #expect(spawner.updateCount == 1)
    }

    @Test("a concealed widget and its subtree are not updated")
    func concealedSubtreeIsSkipped() throws {
        let log = CallLog()
        let root = Widget(name: "root", level: 0)
        let hidden = RecordingWidget("concealed", level: 1, log: log)
        try hidden.addChild(RecordingWidget("inside", level: 0, log: log))
        try root.addChild(hidden)
        try root.addChild(RecordingWidget("shown", level: 2, log: log))
        hidden.isConcealed = true
        root.updateTree(fixedStep(1))
        #expect(log.entries == ["update shown"])
    }
}
