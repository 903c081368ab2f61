import StudioKit

/// How a window's input positions become logical studio pixels: mouse positions are in the
/// window's coordinates, finger positions normalized (0...1) over `fingerArea`.
struct InputMapping {
    /// Where the studio lands in the coordinates mouse positions arrive in.
    var letterbox: Letterbox
    /// What finger positions are normalized over, in the same coordinates.
    var fingerArea: Size

    /// SDL's renderer with a logical size already reports the mouse in logical pixels and
    /// fingers normalized over the studio (checked with SDL 2.26 under Xvfb).
    static func logical(_ size: Size) -> InputMapping {
        InputMapping(
            letterbox: Letterbox(logicalSize: size, containerWidth: Int(clamping: size.width), height: Int(clamping: size.height)),
            fingerArea: size)
    }

    /// Positions are clamped to `InputLimits.pointerArea` here, where they enter: a mouse
    /// held outside a huge window, or a driver's odd finger value (NaN, out of 0...1), stays
    /// a bounded point for every recognizer and hit test after it.
    func mouse(_ x: Int32, _ y: Int32) -> Point {
        InputLimits.clampPointer(letterbox.toLogical(Point(x: Double(x), y: Double(y))))
    }

    func finger(_ x: Float, _ y: Float) -> Point {
        InputLimits.clampPointer(letterbox.toLogical(Point(x: Double(x) * fingerArea.width, y: Double(y) * fingerArea.height)))
    }

    /// False for a logical position on the bars around the studio.
    func isOnStudio(_ p: Point) -> Bool {
        let size = letterbox.logicalSize
        return p.x >= 0 && p.y >= 0 && p.x < size.width && p.y < size.height
    }
}
