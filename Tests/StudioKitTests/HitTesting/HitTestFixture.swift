@testable import StudioKit

/// Builders for hit-test trees. Names are prefixed so they do not collide with other
/// suites' helpers in the same test module.
enum HitTestFixture {
    /// A studio-like root: full screen, penetrating, with the five layer containers.
    static func studioRoot() throws -> Widget {
        let root = Widget(name: "root", level: 0, frame: Rect(origin: .zero, size: .studio))
        root.passesTouchesThrough = true
        for kind in LayerKind.allCases {
            try root.addChild(LayerContainer(kind: kind, viewport: .studio))
        }
        return root
    }

    static func layer(_ kind: LayerKind, of root: Widget) -> Widget {
        root.first(named: "layer.\(kind.name)")!
    }

    /// A plain widget covering `rect`.
    static func widget(_ name: String, level: Double, _ rect: Rect) -> Widget {
        Widget(name: name, level: level, frame: rect)
    }

    static let everywhere = Rect(x: 0, y: 0, width: 720, height: 1280)
    static let middle = Point(x: 360, y: 640)
}
