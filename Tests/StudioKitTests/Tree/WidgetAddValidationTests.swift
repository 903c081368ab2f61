import Testing

@testable import StudioKit

@Suite("Widget tree rejects invalid edits")
struct TreeValidationTests {
    static let invalidLevels: [Double] = [-1, -0.000_001, -.infinity, .infinity, .nan, -.nan]

    /// A small tree whose shape the tests compare before and after a rejected edit.
    static func sampleTree() throws -> Widget {
        let root = Widget(name: "root", level: 0)
        try root.addChild(Widget(name: "a", level: 2))
        try root.addChild(Widget(name: "b", level: 1))
        try root.children[0].addChild(Widget(name: "b1", level: 0))
        return root
    }

    static func shape(_ root: Widget) -> [String] {
        root.subtree().map { "\($0.name)@\($0.level)<\($0.parent?.name ?? "-")" }
    }

    static func isInvalidLevel(_ error: (any Error)?, _ level: Double) -> Bool {
        guard case .invalidLevel(let got)? = error as? StudioError else { return false }
        return got.isNaN ? level.isNaN : got == level
    }

    @Test(
        "addChild rejects a negative or non-finite level and leaves the tree unchanged",
        arguments: invalidLevels)
    func addChildRejectsInvalidLevels(level: Double) throws {
        let root = try Self.sampleTree()
        let before = Self.shape(root)
        let error = #expect(throws: StudioError.self) { try root.addChild(Widget(name: "bad", level: level)) }
        #expect(Self.isInvalidLevel(error, level))
        #expect(Self.shape(root) == before)
    }

    @Test(
        "setLevel rejects a negative or non-finite level and leaves level and order unchanged",
        arguments: invalidLevels)
    func setLevelRejectsInvalidLevels(level: Double) throws {
        let root = try Self.sampleTree()
        let before = Self.shape(root)
        let a = try #require(root.first(named: "a"))
        let error = #expect(throws: StudioError.self) { try a.setLevel(level) }
        #expect(Self.isInvalidLevel(error, level))
        #expect(a.level == 2)
        #expect(Self.shape(root) == before)
    }

    @Test(
        "the studio rejects a widget with a negative or non-finite level and adds nothing",
        arguments: invalidLevels)
    func studioAddRejectsInvalidLevels(level: Double) {
        let studio = makeEmptyStudio()
        let error = #expect(throws: StudioError.self) { try studio.add(Widget(name: "bad", level: level)) }
        #expect(Self.isInvalidLevel(error, level))
        #expect(studio.root.subtree().count == 6)
    }

    @Test("level zero and negative zero are valid")
    func zeroIsValid() throws {
        let root = Widget(name: "root", level: 0)
        try root.addChild(Widget(name: "zero", level: 0))
        try root.addChild(Widget(name: "negativeZero", level: -0.0))
        #expect(root.children.map(\.name) == ["zero", "negativeZero"])
    }

    @Test("adding a widget that already has a parent throws and leaves both trees unchanged")
    func addingAnAttachedWidgetThrows() throws {
        let first = try Self.sampleTree()
        let second = Widget(name: "second", level: 0)
        let before = Self.shape(first)
        let a = try #require(first.first(named: "a"))
        #expect(throws: StudioError.widgetAlreadyAttached(name: "a")) { try second.addChild(a) }
        #expect(Self.shape(first) == before)
        #expect(second.children.isEmpty)
        #expect(a.parent === first)
    }

    @Test("adding a widget to itself throws a cycle error")
    func addingToItselfIsACycle() {
        let w = Widget(name: "w", level: 0)
        #expect(throws: StudioError.cycle(name: "w")) { try w.addChild(w) }
        #expect(w.children.isEmpty)
    }

    @Test("adding a widget under its own descendant throws a cycle error and changes nothing")
    func addingUnderADescendantIsACycle() throws {
        let root = try Self.sampleTree()
        let before = Self.shape(root)
        let b1 = try #require(root.first(named: "b1"))
        #expect(throws: StudioError.cycle(name: "root")) { try b1.addChild(root) }
        #expect(Self.shape(root) == before)
        #expect(root.parent == nil)
    }

    @Test("the invariant check reports nothing for a tree built through the API")
    func invariantsHoldForASampleTree() throws {
        #expect(try Self.sampleTree().invariantViolations() == [])
    }

    @Test("the invariant check names a loaded widget under a parent that is not loaded")
    func invariantsCatchALoadedChildOfAnUnloadedParent() throws {
        let root = try Self.sampleTree()
        let b1 = try #require(root.first(named: "b1"))
        let studio = makeEmptyStudio()
        b1.attach(
            WidgetContext(
                studio: studio, announcer: studio.announcer, layer: .background,
                environment: studio.environment))
        let problems = root.invariantViolations()
        #expect(problems.count == 1)
        #expect(problems.first?.contains("'b1' loaded=true") == true)
    }
}
