import StudioKit

/// Where a banner or a caption goes so that it keeps out of the areas widgets keep clear
/// (`Widget.keepsOverlaysOut`): the rule the danmaku lanes follow, for the overlays that
/// come and go (gift captions, connection banners). Rectangles are in one widget's
/// coordinates, as `DanmakuKeepOut` gathers them.
enum OverlayPlacement {
    /// The top of a box `size` at `x` nearest below `preferred` (then above it, down to
    /// `lowest` and up to `highest`), in steps of 8, that crosses none of `clear` with a
    /// `margin` around it; `preferred` itself when it is free, nil when no place is.
    static func top(
        for size: Size, x: Double, preferred: Double, highest: Double, lowest: Double, margin: Double = 8, clear: [Rect]
    ) -> Double? {
        func free(_ top: Double) -> Bool {
            let box = Rect(x: x - margin, y: top - margin, width: size.width + 2 * margin, height: size.height + 2 * margin)
            return !clear.contains { !$0.intersection(box).isEmpty }
        }
        if clear.isEmpty || free(preferred) { return preferred }
        var down = preferred + 8
        while down <= lowest {
            if free(down) { return down }
            down += 8
        }
        var up = preferred - 8
        while up >= highest {
            if free(up) { return up }
            up -= 8
        }
        return nil
    }
}
