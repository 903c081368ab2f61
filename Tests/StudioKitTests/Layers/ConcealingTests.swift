import Testing

@testable import StudioKit

/// The concealing list: widgets at concealed levels stay in the tree but neither update
/// nor draw; revealing them brings them back.
@Suite("Concealed levels")
struct LayerConcealingTests {
    /// A loaded studio with one logging widget per level, each drawing its own color.
    static func studio(levels: [Double], log: CallLog) throws -> Room {
        let studio = makeEmptyStudio()
        for (i, level) in levels.enumerated() {
            try studio.add(RecordingWidget("w\(level)", level: level, color: Color(r: UInt8(i + 1), g: 0, b: 0), log: log))
        }
        studio.load()
        return studio
    }

    static func drawnColors(_ studio: Room) -> [UInt8] {
        fillColors(drawList(of: studio).items).compactMap { $0?.r }
    }

    @Test("a concealed level neither updates nor draws while other levels do")
    func concealedLevelsAreSkipped() throws {
        let log = CallLog()
        let studio = try Self.studio(levels: [10, 210, 220, 410], log: log)
        studio.conceal(levels: [210, 410])
        studio.update(fixedStep(1))
        #expect(log.entries(startingWith: "update") == ["update w10.0", "update w220.0"])
        #expect(Self.drawnColors(studio) == [1, 3])
    }

    @Test("concealing matches levels exactly: neighbouring levels still draw")
    func concealingIsExact() throws {
        let studio = try Self.studio(levels: [209.999, 210, 210.001], log: CallLog())
        studio.conceal(levels: [210])
        #expect(Self.drawnColors(studio) == [1, 3])
    }

    @Test("revealing a concealed level brings its widgets back to update and draw")
    func revealingBringsThemBack() throws {
        let log = CallLog()
        let studio = try Self.studio(levels: [10, 210], log: log)
        studio.conceal(levels: [210])
        studio.conceal(levels: [])
        studio.update(fixedStep(1))
        #expect(log.entries(startingWith: "update") == ["update w10.0", "update w210.0"])
        #expect(Self.drawnColors(studio) == [1, 2])
    }

    @Test("a widget added at a concealed level is concealed from the start")
    func addedAtAConcealedLevel() throws {
        let studio = makeEmptyStudio()
        studio.conceal(levels: [250])
        let w = RecordingWidget("late", level: 250)
        try studio.add(w)
        studio.load()
        studio.update(fixedStep(1))
        #expect(w.isConcealed)
        #expect(w.updateCount == 0)
        #expect(drawList(of: studio).count == 0)
    }

    @Test("the children of a concealed widget are neither updated nor drawn")
    func concealedSubtree() throws {
        let log = CallLog()
        let studio = try Self.studio(levels: [250], log: log)
        try studio.layer(.movable).children[0].addChild(RecordingWidget("child", level: 0, log: log))
        studio.conceal(levels: [250])
        studio.update(fixedStep(1))
        #expect(log.entries(startingWith: "update").isEmpty)
        #expect(drawList(of: studio).count == 0)
    }

    @Test("a widget moved onto a concealed level by setLevel is concealed")
    func setLevelOntoAConcealedLevel() throws {
        let studio = try Self.studio(levels: [250], log: CallLog())
        studio.conceal(levels: [260])
        let w = studio.layer(.movable).children[0]
        try w.setLevel(260)
        #expect(w.isConcealed)
    }

    @Test("a widget the studio refuses to add keeps its concealed state")
    func failedAddHasNoSideEffect() throws {
        let shown = makeEmptyStudio()
        let other = makeEmptyStudio()
        other.conceal(levels: [250])
        let w = Widget(name: "w", level: 250)
        try shown.add(w)
        #expect(throws: StudioError.widgetAlreadyAttached(name: "w")) { try other.add(w) }
        #expect(!w.isConcealed)
    }
}
