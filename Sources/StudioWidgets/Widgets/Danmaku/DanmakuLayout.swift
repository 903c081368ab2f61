import StudioDomain
import StudioKit

/// The lane grid and the fonts of a band under given settings: the text size of each
/// `DanmakuSize` at the settings' scale, the lane height (a normal comment's line), how many
/// lanes the band holds and how many of them the display area uses. A value, computed again
/// when the scale or the area changes.
struct DanmakuLayout: Equatable {
    /// The lane height: a normal comment's line, 1.35 times its text size.
    let laneHeight: Double
    /// Lanes in the band (at least one).
    let laneCount: Int
    /// Lanes from the top that take new comments (the display area; at least one).
    let usable: Int
    private let normalSize: Double

    init(configuration: DanmakuConfiguration, settings: DanmakuSettings) {
        normalSize = (configuration.fontSize * settings.fontScale).rounded()
        laneHeight = (normalSize * 1.35).rounded(.up)
        laneCount = max(1, Int(clamping: configuration.bandHeight / laneHeight))
        usable = settings.area.lanes(of: laneCount)
    }

    /// The font a comment of `size` is drawn in (whole pixel sizes, so a few fonts serve all).
    func font(_ size: DanmakuSize) -> FontSpec { .bold((normalSize * size.factor).rounded()) }

    /// How many lanes a comment of `size` and `lines` lines takes: as many as its lines need
    /// (a large one-line comment two; each further line a text size more, see
    /// `DanmakuLines`), never more than the display area has.
    func span(_ size: DanmakuSize, lines: Int = 1) -> Int {
        let text = font(size).size
        let height = (text * 1.35).rounded(.up) + Double(max(0, lines - 1)) * text
        return min(usable, max(1, Int(clamping: (height / laneHeight - 1e-9).rounded(.up))))
    }

    /// Where text of `font` and `lines` lines sits in a box `height` tall: centred.
    static func textOffset(font: FontSpec, height: Double, lines: Int = 1) -> Double {
        ((height - font.size * 1.2 - Double(max(0, lines - 1)) * font.size) / 2).rounded()
    }

    /// The lanes a comment between `y` and `y + height` (band coordinates) crosses: what it
    /// holds after the grid changed under it. Empty when it lies below the last lane.
    func lanes(coveringY y: Double, height: Double) -> Range<Int> {
        let first = max(0, Int(clamping: (y / laneHeight + 1e-9).rounded(.down)))
        let last = min(laneCount, Int(clamping: ((y + height) / laneHeight - 1e-9).rounded(.up)))
        return first < last ? first..<last : first..<first
    }
}
