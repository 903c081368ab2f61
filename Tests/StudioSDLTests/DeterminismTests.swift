import Foundation
import StudioKit
import Testing

@testable import StudioSDL

extension SDLTests {
    @Suite struct DeterminismTests {
        static func scene() -> DisplayList {
            displayList([
                DrawItem(.fill(.rect(Rect(x: 0, y: 0, width: 720, height: 1280)), Color(hex: 0x203040))),
                DrawItem(
                    .fill(.roundedRect(Rect(x: 40, y: 60, width: 300, height: 120), radius: 24), Color(r: 255, g: 255, b: 255, a: 90))),
                DrawItem(.fill(.circle(center: Point(x: 500, y: 400), radius: 70), Color(hex: 0xFF3366))),
                DrawItem(.stroke(.circle(center: Point(x: 500, y: 400), radius: 80), .white, width: 3)),
                DrawItem(
                    .fill(.rect(Rect(x: -40, y: -20, width: 80, height: 40)), Color(r: 0, g: 200, b: 255, a: 180)),
                    transform: Transform.rotation(0.3).then(.translation(200, 700))),
                DrawItem(.pushClip(Rect(x: 0, y: 900, width: 720, height: 200))),
                DrawItem(.text("Alice: 你好 hello", font: .regular(28), color: .white, origin: Point(x: 360, y: 950), alignment: .center)),
                DrawItem(.fill(.line(from: Point(x: 0, y: 880), to: Point(x: 720, y: 1120), width: 5), .green)),
                DrawItem(.popClip),
            ])
        }

        @Test("rendering the same display list twice gives byte-identical pixels")
        func sameListSamePixels() throws {
            let f = try Fixture()
            try f.target.render(Self.scene())
            let first = f.target.rgbaBytes()
            try f.render([DrawItem(.fill(.rect(Rect(x: 0, y: 0, width: 720, height: 1280)), .red))])
            try f.target.render(Self.scene())
            #expect(f.target.rgbaBytes() == first)
        }

        @Test("two separate targets render the same list to the same pixels")
        func separateTargetsAgree() throws {
            let a = try Fixture(), b = try Fixture()
            try a.target.render(Self.scene())
            try b.target.render(Self.scene())
            #expect(a.target.rgbaBytes() == b.target.rgbaBytes())
        }
    }
}
