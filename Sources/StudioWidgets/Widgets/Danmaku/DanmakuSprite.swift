import StudioDomain
import StudioKit

/// What every comment on screen keeps about the comments it stands for: its text before the
/// "×N", how many it stands for and when the first of them arrived (merging reads them).
struct DanmakuOrigin {
    var key: DanmakuMergeKey
    /// Who sent the first of them (the block list may name them later).
    var user: String
    var count: Int
    var arrivedAt: Double

    var displayText: String { DanmakuQueue.displayText(key.text, count: count) }
}

/// A scrolling or reverse comment on screen, laid out once when it entered: text measured,
/// lanes and speed fixed. Its front edge is `distance` from its entry edge.
struct MovingDanmaku {
    /// Its place in the order of entry (increasing): later comments of a lane are behind it.
    var seq: Int
    var origin: DanmakuOrigin
    var text: String
    var color: Color
    /// The viewer's own comment, drawn framed.
    var isOwn: Bool
    var size: DanmakuSize
    var font: FontSpec
    var direction: DanmakuLanes.Direction
    var width: Double
    /// Pixels per second at speed factor 1: (screen width + width at entry) / duration.
    var speed: Double
    /// Where its lanes are, in band coordinates (they outlast a change of the lane grid).
    var y: Double
    var height: Double
    /// The lanes it holds in the current grid.
    var lanes: Range<Int>
    var textOffset: Double
    /// Seconds it has moved, times the speed factor (standing still while frozen).
    var progress = 0.0
    /// The `progress` at which its rear edge leaves the screen: the duration, unless a merge
    /// widened it.
    var lifetime: Double
    /// Seconds it stays paused (and highlighted) after a tap; 0 when moving.
    var pauseRemaining = 0.0
    /// How much of it shows, 0...1: it fades out before it runs into an area that keeps
    /// overlays out (a card that opened after it set off), and back in once past it.
    var shown = 1.0

    var distance: Double { speed * progress }

    /// Its left edge on a screen `screenWidth` wide.
    func x(screenWidth: Double) -> Double {
        direction == .leftward ? screenWidth - distance : distance - width
    }

    var tail: DanmakuLanes.Tail {
        DanmakuLanes.Tail(seq: seq, width: width, speed: speed, distance: distance, direction: direction)
    }
}

/// A top or bottom comment on screen: centred in its lanes until it expires.
struct StandingDanmaku {
    var seq: Int
    var origin: DanmakuOrigin
    var text: String
    var color: Color
    var isOwn: Bool
    var kind: DanmakuModeKind
    var size: DanmakuSize
    var font: FontSpec
    var width: Double
    var y: Double
    var height: Double
    var lanes: Range<Int>
    var textOffset: Double
    var remaining: Double
}

/// A positioned comment on screen: drawn where its script says, in no lane.
struct PositionedDanmaku {
    var seq: Int
    var user: String
    var text: String
    var color: Color
    var size: DanmakuSize
    var font: FontSpec
    var motion: DanmakuMotion
    var width: Double
    var height: Double
    var age = 0.0
}
