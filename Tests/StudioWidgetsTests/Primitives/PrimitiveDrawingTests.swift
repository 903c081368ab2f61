import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Primitives: drawing")
struct PrimitiveDrawingTests {
    @Test("a shape fills its rectangle, rounded rectangle or inscribed circle in its color, its frame offset by the safe area")
    func shapes() throws {
        let f = try PrimitiveRoom.fixture(
            adding: """
                { "widget": "shape", "id": "a", "options": { "frame": { "x": 10, "y": 20, "width": 100, "height": 50 }, "color": "#102030" } },
                { "widget": "shape", "id": "b", "options": { "frame": { "width": 100, "height": 50 }, "shape": "roundedRect", "radius": 9, "color": "#FF000080" } },
                { "widget": "shape", "id": "c", "options": { "frame": { "x": 200, "width": 100, "height": 50 }, "shape": "circle" } }
                """)
        let safe = f.studio.environment.safeArea
        let a = try #require(f.widget("a", as: ShapePrimitive.self))
        #expect(a.frame == Rect(x: 10 + safe.minX, y: 20 + safe.minY, width: 100, height: 50))
        let box = Rect(x: 0, y: 0, width: 100, height: 50)
        #expect(PrimitiveRoom.commands(of: a) == [.fill(.rect(box), Color(r: 0x10, g: 0x20, b: 0x30))])
        let b = try #require(f.widget("b", as: ShapePrimitive.self))
        #expect(PrimitiveRoom.commands(of: b) == [.fill(.roundedRect(box, radius: 9), Color(r: 255, g: 0, b: 0, a: 0x80))])
        let c = try #require(f.widget("c", as: ShapePrimitive.self))
        #expect(PrimitiveRoom.commands(of: c) == [.fill(.circle(center: Point(x: 50, y: 25), radius: 25), .white)])
        // A circle takes touches on the disc only.
        #expect(c.contains(Point(x: 50, y: 25)) && !c.contains(Point(x: 2, y: 2)))
    }

    @Test("a gradient shape fills with its color stops at their locations, along its direction")
    func gradient() throws {
        let f = try PrimitiveRoom.fixture(
            adding: """
                { "widget": "shape", "id": "bar", "options": { "frame": { "width": 200, "height": 8 }, "shape": "roundedRect", "radius": 4,
                  "gradient": { "colors": ["#FE2C55", "#FFC83D", "#25F4EE"], "locations": [0, 0.25, 1], "direction": "horizontal" } } }
                """)
        let bar = try #require(f.widget("bar", as: ShapePrimitive.self))
        let expected = LinearGradient(
            [
                .init(0, Color(r: 0xFE, g: 0x2C, b: 0x55)), .init(0.25, Color(r: 0xFF, g: 0xC8, b: 0x3D)),
                .init(1, Color(r: 0x25, g: 0xF4, b: 0xEE)),
            ], axis: .horizontal)
        #expect(PrimitiveRoom.commands(of: bar) == [.gradient(.roundedRect(Rect(x: 0, y: 0, width: 200, height: 8), radius: 4), expected)])
        #expect(expected.color(at: 0.125) == Color(r: 0xFE, g: 0x2C, b: 0x55).mixed(with: Color(r: 0xFF, g: 0xC8, b: 0x3D), 0.5))
    }

    @Test("a text draws its line in its font, color and alignment, cut with an ellipsis to its max width")
    func text() throws {
        let f = try PrimitiveRoom.fixture(
            adding: """
                { "widget": "text", "id": "t", "options": { "frame": { "width": 300, "height": 60 }, "text": "A very long headline that cannot fit",
                  "fontSize": 30, "weight": "bold", "color": "#FFC83D", "align": "center", "maxWidth": 200 } }
                """)
        let t = try #require(f.widget("t", as: TextPrimitive.self))
        let measurer = ApproximateTextMeasurer()
        let font = FontSpec.bold(30)
        #expect(t.line.hasSuffix("…") && t.line.count > 1)
        #expect(measurer.measure(t.line, font: font).width <= 200)
        let height = measurer.measure(t.line, font: font).height
        #expect(
            PrimitiveRoom.commands(of: t) == [
                .text(
                    t.line, font: font, color: Color(r: 0xFF, g: 0xC8, b: 0x3D),
                    origin: Point(x: 150, y: (60 - height) / 2), alignment: .center)
            ])
    }

    @Test("an image stretches over its frame, or with insets draws as a nine-slice, tinted")
    func images() throws {
        let f = try PrimitiveRoom.fixture(
            adding: """
                { "widget": "image", "id": "plain", "options": { "frame": { "width": 80, "height": 40 }, "image": "cover-2" } },
                { "widget": "image", "id": "sliced", "options": { "frame": { "width": 300, "height": 90 }, "image": "badge-frame",
                  "insets": { "top": 8, "left": 6, "bottom": 4, "right": 2 }, "tint": "#FFFFFF80" } }
                """)
        let plain = try #require(f.widget("plain", as: ImagePrimitive.self))
        #expect(
            PrimitiveRoom.commands(of: plain) == [.image(ImageRef("cover-2"), rect: Rect(x: 0, y: 0, width: 80, height: 40), tint: .white)])
        let sliced = try #require(f.widget("sliced", as: ImagePrimitive.self))
        #expect(
            PrimitiveRoom.commands(of: sliced) == [
                .imageSlice(
                    ImageRef("badge-frame"), source: nil,
                    insets: EdgeInsets(top: 8, left: 6, bottom: 4, right: 2),
                    rect: Rect(x: 0, y: 0, width: 300, height: 90),
                    tint: Color(r: 255, g: 255, b: 255, a: 0x80))
            ])
    }

    @Test("a sprite shows frame after frame of its sheet at its fps in step time, looping or holding the last")
    func sprite() throws {
        let f = try PrimitiveRoom.fixture(
            adding: """
                { "widget": "sprite", "id": "loop", "options": { "frame": { "width": 64, "height": 64 }, "image": "spark-sheet",
                  "frameWidth": 32, "frameHeight": 16, "frameCount": 3, "columns": 2, "fps": 10 } },
                { "widget": "sprite", "id": "once", "options": { "frame": { "width": 64, "height": 64 }, "image": "spark-sheet",
                  "frameWidth": 32, "frameHeight": 16, "frameCount": 3, "fps": 10, "loop": false } }
                """)
        let loop = try #require(f.widget("loop", as: SpritePrimitive.self))
        let once = try #require(f.widget("once", as: SpritePrimitive.self))
        func source(_ s: SpritePrimitive) -> Rect? {
            guard case .imageSlice(_, let source, _, _, _)? = PrimitiveRoom.commands(of: s).first else { return nil }
            return source
        }
        // Ten frames a second: a new frame every six 1/60 s steps.
        var seen: [Rect?] = []
        var held: [Int] = []
        for _ in 0..<4 {
            seen.append(source(loop))
            held.append(once.frameIndex)
            f.step(6)
        }
        #expect(
            seen == [
                Rect(x: 0, y: 0, width: 32, height: 16), Rect(x: 32, y: 0, width: 32, height: 16),
                Rect(x: 0, y: 16, width: 32, height: 16), Rect(x: 0, y: 0, width: 32, height: 16),
            ])
        #expect(held == [0, 1, 2, 2])
        #expect(once.source(ofFrame: 2) == Rect(x: 64, y: 0, width: 32, height: 16))
    }

    @Test("a group places its children relative to itself, named by their ids, in their level order")
    func group() throws {
        let f = try PrimitiveRoom.fixture(
            adding: """
                { "widget": "group", "id": "card", "level": 240, "options": { "frame": { "x": 30, "y": 300, "width": 200, "height": 100 }, "children": [
                  { "widget": "shape", "id": "top", "level": 232, "options": { "frame": { "x": 5, "y": 6, "width": 10, "height": 10 } } },
                  { "widget": "shape", "id": "back", "level": 201, "options": { "frame": { "width": 200, "height": 100 }, "color": "#000000" } },
                  { "widget": "text", "options": { "frame": { "x": 20, "y": 10, "width": 100, "height": 30 }, "text": "Hi" } }
                ] } }
                """)
        let card = try #require(f.widget("card", as: GroupPrimitive.self))
        #expect(card.children.map(\.name) == ["back", "top", "text"])
        let top = try #require(card.first(named: "top"))
        let safe = f.studio.environment.safeArea
        #expect(top.frame == Rect(x: 5, y: 6, width: 10, height: 10))
        #expect(f.center(of: top) == Point(x: 30 + 5 + 5 + safe.minX, y: 300 + 6 + 5 + safe.minY))
        #expect(card.passesTouchesThrough && !top.passesTouchesThrough)
        #expect(f.draw().allTexts.contains("Hi"))
    }
}
