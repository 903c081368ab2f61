import StudioKit
import Testing

@testable import StudioSDL

/// Where the studio lands in a window of another size, and how input comes back from it.
@Suite("letterbox and input mapping")
struct LetterboxTests {
    @Test("a container of the studio's size is the studio: whole rect, identity transform")
    func sameSizeIsIdentity() {
        let box = Letterbox(logicalSize: .studio, containerWidth: 720, height: 1280)
        #expect(box.rect == PixelRect(x0: 0, y0: 0, x1: 720, y1: 1280))
        #expect(box.transform.isIdentity)
        #expect(box.toLogical(Point(x: 10, y: 20)) == Point(x: 10, y: 20))
    }

    @Test("the default demo window scales the studio down to fill it exactly")
    func demoWindowScalesDown() {
        let box = Letterbox(logicalSize: .studio, containerWidth: 405, height: 720)
        #expect(box.rect == PixelRect(x0: 0, y0: 0, x1: 405, y1: 720))
        #expect(box.scale == 0.5625)
        #expect(box.toLogical(Point(x: 405, y: 720)) == Point(x: 720, y: 1280))
    }

    @Test("a wider or taller container centres the studio between bars")
    func barsAreCentred() {
        let wide = Letterbox(logicalSize: .studio, containerWidth: 1000, height: 1280)
        #expect(wide.rect == PixelRect(x0: 140, y0: 0, x1: 860, y1: 1280))
        let tall = Letterbox(logicalSize: .studio, containerWidth: 720, height: 1400)
        #expect(tall.rect == PixelRect(x0: 0, y0: 60, x1: 720, y1: 1340))
        #expect(tall.toLogical(Point(x: 0, y: 30)).y == -30)  // on the bar: outside the studio
    }

    @Test("toLogical undoes the transform the rasterizer draws with", arguments: [(405, 720), (1000, 1280), (1920, 1080), (300, 900)])
    func roundTrip(size: (Int, Int)) {
        let box = Letterbox(logicalSize: .studio, containerWidth: size.0, height: size.1)
        for p in [Point(x: 0, y: 0), Point(x: 360, y: 640), Point(x: 719, y: 1279)] {
            let back = box.toLogical(box.transform.apply(p))
            #expect(abs(back.x - p.x) < 1e-9 && abs(back.y - p.y) < 1e-9)
        }
    }

    @Test("under a renderer's logical size, the mouse is already logical and fingers span the studio")
    func logicalMapping() {
        let m = InputMapping.logical(.studio)
        #expect(m.mouse(100, 200) == Point(x: 100, y: 200))
        #expect(m.finger(0.5, 0.25) == Point(x: 360, y: 320))
    }

    @Test("on a window surface, mouse and fingers are mapped from the window through the letterbox")
    func windowMapping() {
        let m = InputMapping(
            letterbox: Letterbox(logicalSize: .studio, containerWidth: 1000, height: 1280),
            fingerArea: Size(width: 1000, height: 1280))
        #expect(m.mouse(140, 0) == Point(x: 0, y: 0))
        #expect(m.mouse(500, 640) == Point(x: 360, y: 640))
        #expect(m.finger(0.5, 0.5) == Point(x: 360, y: 640))
        #expect(m.isOnStudio(m.mouse(500, 640)))
        #expect(!m.isOnStudio(m.mouse(100, 640)))  // the left bar
        #expect(!m.isOnStudio(m.mouse(900, 640)))  // the right bar
    }
}
