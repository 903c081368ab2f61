import Testing

@testable import StudioKit

/// The widget tree against `TreeModel` over many random edit sequences.
@Suite("Widget tree against a reference model")
struct TreeModelTests {
    /// Levels drawn from a small set so that ties are frequent, plus a few arbitrary ones.
    static func randomLevel(_ rng: inout SeededRandom) -> Double {
        let common: [Double] = [0, 1, 1, 2, 5, 5, 5, 10, 99.5, 100, 250, 250, 400]
        return Int.random(in: 0..<4, using: &rng) == 0
            ? rng.double(in: 0...500) : common.randomElement(using: &rng)!
    }

    /// What one random sequence did: its first mismatch (with seed and step), and how many
    /// moves were refused as cycles (so a test can check the cycle branch ran).
    struct Outcome {
        var mismatch: String?
        var cycles = 0
    }

    /// Runs `opsPerSequence` random edits on a tree rooted at `root` and checks it against
    /// the model after each.
    static func runRandomEdits(
        seed: UInt64, opsPerSequence: Int, root: Widget,
        onRemoved: (Widget) -> Void = { _ in }
    ) -> Outcome {
        var outcome = Outcome()
        var rng = SeededRandom(seed: seed)
        var model = TreeModel(root: root.name)
        var widgets: [String: Widget] = [root.name: root]
        var made = 0
        for op in 0..<opsPerSequence {
            let others = model.nodes.filter { $0 != root.name }.sorted()
            let kind = others.isEmpty ? 0 : Int.random(in: 0..<10, using: &rng)
            var action = ""
            do {
                switch kind {
                case 0...3:  // insert a new widget under any node
                    made += 1
                    let name = "w\(made)"
                    let level = randomLevel(&rng)
                    let parent = model.nodes.sorted().randomElement(using: &rng)!
                    action = "insert \(name)@\(level) under \(parent)"
                    let widget = Widget(name: name, level: level)
                    try widgets[parent]!.addChild(widget)
                    widgets[name] = widget
                    model.insert(name, level: level, under: parent)
                case 4, 5:  // remove a subtree
                    let name = others.randomElement(using: &rng)!
                    action = "remove \(name)"
                    let gone = model.subtree(of: name)
                    widgets[name]!.removeFromParent()
                    onRemoved(widgets[name]!)
                    model.remove(name)
                    for g in gone { widgets[g] = nil }
                case 6, 7:  // reparent; a move under its own subtree must throw `cycle`
                    let name = others.randomElement(using: &rng)!
                    let target = model.nodes.sorted().randomElement(using: &rng)!
                    let widget = widgets[name]!
                    let oldParent = widget.parent!
                    widget.removeFromParent()
                    if model.subtree(of: name).contains(target) {
                        action = "move \(name) under its own \(target) (cycle), back to \(oldParent.name)"
                        outcome.cycles += 1
                        #expect(throws: StudioError.cycle(name: name)) { try widgets[target]!.addChild(widget) }
                        try oldParent.addChild(widget)
                        model.move(name, under: oldParent.name)
                    } else {
                        action = "move \(name) under \(target)"
                        try widgets[target]!.addChild(widget)
                        model.move(name, under: target)
                    }
                default:  // change a level
                    let name = others.randomElement(using: &rng)!
                    let level = randomLevel(&rng)
                    action = "setLevel \(name) to \(level)"
                    try widgets[name]!.setLevel(level)
                    model.setLevel(name, level)
                }
            } catch {
                outcome.mismatch = "seed \(seed) step \(op) \(action): unexpected \(error)"
                return outcome
            }
            if let mismatch = treeMismatch(model, widgets, root: root) {
                outcome.mismatch = "seed \(seed) step \(op) \(action): \(mismatch)"
                return outcome
            }
        }
        return outcome
    }

    @Test("children keep level order with ties in insertion order over 200 random edit sequences")
    func randomEditsMatchTheModel() {
        var cycles = 0
        for seed in 1...200 as ClosedRange<UInt64> {
            let outcome = Self.runRandomEdits(seed: seed, opsPerSequence: 60, root: Widget(name: "root", level: 0))
            #expect(outcome.mismatch == nil)
            cycles += outcome.cycles
            if outcome.mismatch != nil { break }
        }
        #expect(cycles > 50, "the sequences should try many moves under a node's own subtree")
    }

    @Test("random edits under a loaded studio keep every widget loaded exactly while it is in the tree")
    func randomEditsUnderALoadedStudioKeepLoadState() {
        for seed in 1...40 as ClosedRange<UInt64> {
            let studio = makeEmptyStudio()
            studio.load()
            let root = studio.layer(.float)
            var removed: [Widget] = []
            let mismatch = Self.runRandomEdits(seed: seed, opsPerSequence: 60, root: root) { removed.append($0) }.mismatch
            #expect(mismatch == nil)
            #expect(root.subtree().allSatisfy { $0.isLoaded })
            #expect(removed.flatMap { $0.subtree() }.allSatisfy { !$0.isLoaded })
            if mismatch != nil { break }
        }
    }

    @Test("a widget added at the same level as its siblings goes after all of them")
    func tiesGoLast() throws {
        let root = Widget(name: "root", level: 0)
        for (name, level) in [("a", 5.0), ("b", 1.0), ("c", 5.0), ("d", 3.0), ("e", 5.0), ("f", 1.0)] {
            try root.addChild(Widget(name: name, level: level))
        }
        #expect(root.children.map(\.name) == ["b", "f", "d", "a", "c", "e"])
    }

    @Test("setLevel moves a widget behind the siblings of its new level")
    func setLevelGoesLastAmongEquals() throws {
        let root = Widget(name: "root", level: 0)
        let a = Widget(name: "a", level: 1), b = Widget(name: "b", level: 2), c = Widget(name: "c", level: 2)
        for w in [a, b, c] { try root.addChild(w) }
        try a.setLevel(2)
        #expect(root.children.map(\.name) == ["b", "c", "a"])
        #expect(a.level == 2)
    }

    @Test("removing a widget takes its whole subtree out and clears its parent")
    func removeTakesTheSubtree() throws {
        let root = Widget(name: "root", level: 0)
        let a = Widget(name: "a", level: 1), a1 = Widget(name: "a1", level: 1)
        try root.addChild(a)
        try a.addChild(a1)
        a.removeFromParent()
        #expect(root.children.isEmpty)
        #expect(a.parent == nil)
        #expect(a.children.map(\.name) == ["a1"])
        #expect(root.first(named: "a1") == nil)
    }
}
