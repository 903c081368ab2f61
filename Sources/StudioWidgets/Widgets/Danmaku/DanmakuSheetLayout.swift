import StudioDomain
import StudioKit

/// Where the settings sheet's controls are, in the sheet's coordinates: one row per setting,
/// a label on the left and chips (or the opacity slider) on the right. Every chip is at
/// least 52 px tall and 110 wide, so a finger hits it in the window.
enum DanmakuSheetLayout {
    /// What a chip of the sheet sets.
    enum Control: Hashable {
        case area(DanmakuArea)
        case speed(Double)
        case scale(Double)
        /// Shows or hides a mode.
        case show(DanmakuModeKind)
        /// Shows or hides colored comments.
        case colored
        case merge(Bool)
        case density(Int?)
    }

    struct Row {
        var label: String
        var chips: [(title: String, control: Control)]
    }

    static let titleHeight = 80.0
    static let rowHeight = 66.0
    static let labelX = 32.0
    static let controlsX = 176.0
    static let controlsRight = 688.0
    static let chipHeight = 52.0
    static let chipGap = 10.0

    /// The rows under the opacity slider (row 0), top to bottom.
    static let rows: [Row] = [
        Row(
            label: "Area",
            chips: [
                ("¼", .area(.quarter)), ("½", .area(.half)), ("¾", .area(.threeQuarters)),
                ("Full", .area(.full)),
            ]),
        Row(label: "Speed", chips: [("Slow", .speed(0.75)), ("Normal", .speed(1)), ("Fast", .speed(1.5))]),
        Row(label: "Size", chips: [("S", .scale(0.8)), ("M", .scale(1)), ("L", .scale(1.25))]),
        Row(
            label: "Show",
            chips: [
                ("Scroll", .show(.scroll)), ("Top", .show(.top)), ("Bottom", .show(.bottom)),
                ("Reverse", .show(.reverse)),
            ]),
        Row(label: "", chips: [("Placed", .show(.positioned)), ("Colored", .colored)]),
        Row(label: "Merge", chips: [("Off", .merge(false)), ("Same ×N", .merge(true))]),
        Row(label: "Density", chips: [("Few", .density(20)), ("Normal", .density(60)), ("Many", .density(nil))]),
    ]

    /// The top of row `i` (0 is the opacity slider).
    static func rowTop(_ i: Int) -> Double { titleHeight + Double(i) * rowHeight }

    /// The opacity slider's track, and the area a finger may touch it in (the whole row).
    static let sliderTrack = Rect(x: controlsX + 14, y: rowTop(0) + rowHeight / 2 - 4, width: 400, height: 8)
    static var sliderTouchArea: Rect { Rect(x: controlsX, y: rowTop(0), width: sliderTrack.width + 28, height: rowHeight) }

    /// The line of counts under the rows.
    static var countsTop: Double { rowTop(rows.count + 1) + 10 }

    /// The sheet's height: the rows, the counts line and the home indicator's strip.
    static var sheetHeight: Double { countsTop + 40 + StudioEnvironment.homeIndicatorHeight + 16 }

    /// Chip `index` of row `row` (1-based rows under the slider).
    static func chipRect(row: Int, index: Int) -> Rect {
        let count = Double(rows[row - 1].chips.count)
        let w = ((controlsRight - controlsX - chipGap * (count - 1)) / count).rounded(.down)
        return Rect(
            x: controlsX + Double(index) * (w + chipGap), y: rowTop(row) + (rowHeight - chipHeight) / 2,
            width: w, height: chipHeight)
    }

    /// The opacity a touch at `x` on the slider sets: 0.1 at the left end, 1 at the right,
    /// in steps of 0.05.
    static func opacity(atX x: Double) -> Double {
        let t = min(1, max(0, (x - sliderTrack.minX) / sliderTrack.width))
        return min(1, max(0.1, ((0.1 + 0.9 * t) * 20).rounded() / 20))
    }

    /// The control at `point`, if a chip is there (a few pixels of slop around each).
    static func control(at point: Point) -> Control? {
        for row in 1...rows.count {
            for (index, chip) in rows[row - 1].chips.enumerated()
            where chipRect(row: row, index: index).insetBy(dx: -4, dy: -4).contains(point) {
                return chip.control
            }
        }
        return nil
    }
}
