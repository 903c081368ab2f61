import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Single-host studio layout")
struct StudioLayoutTests {
    @Test("each shared widget sits in the layer its level names")
    func widgetsInLayers() {
        let f = StudioFixture()
        let expected: [LayerKind: [String]] = [
            .background: ["cover"],
            .displayer: ["video"],
            .movable: ["hostInfo", "activityIcon", "commentList", "docker"],
            .lite: ["liteSwitch", "rotateButton", "closeButton"],
            .float: ["hearts", "toast"],
        ]
        for (kind, names) in expected {
            #expect(f.studio.layer(kind).children.map(\.name) == names, "layer \(kind)")
        }
    }

    @Test("every widget's level falls in its layer's range")
    func levelsMatchLayers() throws {
        let f = StudioFixture()
        for kind in LayerKind.allCases {
            for widget in f.studio.layer(kind).children {
                #expect(try LayerKind.of(level: widget.level) == kind, "\(widget.name) at \(widget.level)")
            }
        }
    }

    @Test("after load and a second of steps every layer draws something")
    func everyLayerDraws() {
        let f = StudioFixture()
        f.run(seconds: 1)
        f.tap(at: Point(x: 360, y: 700))
        // The tap waits for the room's double tap to fail, and hearts start up to 0.04 s after
        // it (a seeded delay): give them a few steps.
        f.run(seconds: GestureConfig().doubleTapInterval + 0.1)
        let list = f.draw()
        for kind in LayerKind.allCases {
            #expect(!list.items(in: kind).isEmpty, "layer \(kind) drew nothing")
        }
    }

    @Test("the video shows the play time as a running clock")
    func videoClock() {
        let f = StudioFixture()
        f.run(seconds: 12.35)
        #expect(f.draw().texts(in: .displayer).contains("00:12.3"))
        #expect(VideoScene.clockText(754.26) == "12:34.2")
    }

    @Test("the cover draws the room's cover image")
    func coverImage() {
        let f = StudioFixture(room: RoomDirectory.demoRooms[2])
        let images = f.draw().items(in: .background).compactMap { item -> ImageRef? in
            if case .image(let ref, _, _) = item.command { return ref }
            return nil
        }
        #expect(images == [ImageRef("cover-3")])
    }

    @Test("the host info shows the host's name and formatted online count")
    func hostInfoTexts() {
        let f = StudioFixture(room: RoomDirectory.demoRooms[0])
        let texts = f.draw().texts(in: .movable)
        #expect(texts.contains("Luna"))
        #expect(texts.contains("12.3k online"))
    }

    @Test("the tree keeps its invariants after load")
    func invariants() {
        let f = StudioFixture()
        f.run(seconds: 2)
        #expect(f.studio.root.invariantViolations().isEmpty)
    }

    @Test("widgets that were never loaded update and draw without a studio")
    func unloadedWidgets() {
        let canvas = Canvas(measurer: ApproximateTextMeasurer())
        let widgets: [Widget] = [
            CoverWidget(), VideoPlayerWidget(), HostInfoWidget(), CommentListWidget(), BottomBarWidget(),
            ActivityIconWidget(), LiteSwitchWidget(), RotateButtonWidget(), CloseButtonWidget(),
            HeartsWidget(), ToastWidget(),
        ]
        for w in widgets {
            w.updateTree(FrameStep(dt: 1.0 / 60, time: 1.0 / 60, index: 1))
            w.drawTree(in: canvas)
            _ = w.handleTap(at: Point(x: 10, y: 10))
        }
        #expect(widgets.allSatisfy { !$0.isLoaded })
    }
}
