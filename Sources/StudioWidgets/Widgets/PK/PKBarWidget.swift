import StudioDomain
import StudioKit

/// The score bar of a 1v1 PK battle, below the host capsule: this room's host in red on the
/// left, the opponent in blue on the right, each part as wide as its share of the points
/// (half each at 0:0), the scores on it and a "PK 01:23" countdown above.
///
/// Scores and time come from `.pkScoreChanged` (a `PKScore`); between two
/// scores the countdown runs on with step time. Until a score arrives the bar simulates a
/// round of `roundDuration` seconds, points arriving at random moments from the studio's
/// seeded `random`, and starts a new round `restartDelay` seconds after one ends. When a
/// round's time is up it announces `.pkEnded` once, with the winner (-1 left, 1 right, 0 draw).
public final class PKBarWidget: Widget, CatalogWidget {
    public static let catalogName = "pkBar"
    public static let defaultLevel = Levels.pkBar

    package private(set) var leftScore = 0
    package private(set) var rightScore = 0
    /// Seconds until the round ends; 0 once it has ended.
    package private(set) var secondsLeft: Double
    /// True between the end of a round and the start of the next.
    package private(set) var hasEnded = false
    /// True once the feed sent a score: from then on only the feed moves the scores.
    package private(set) var isFed = false
    package let roundDuration: Double
    package let restartDelay: Double
    /// Whether scores move on their own while there is no feed.
    package let simulates: Bool
    var placement = FramePlacement()
    private var sinceEnd = 0.0
    private var untilPoints = 0.8
    /// The left share as drawn: eases towards `leftFraction` so the split glides.
    package private(set) var shownFraction = 0.5

    static let size = Size(width: 680, height: 84)
    /// Below the host capsule and the video's "LIVE" clock.
    static let top = 216.0
    static let red = Color(hex: 0xFF2D55)
    static let blue = Color(hex: 0x2F7BFF)
    static let bar = Rect(x: 0, y: 44, width: size.width, height: 40)

    public init(
        level: Double = Levels.pkBar, roundDuration: Double = 90, restartDelay: Double = 10,
        simulates: Bool = true
    ) {
        self.roundDuration = roundDuration
        self.restartDelay = restartDelay
        self.simulates = simulates
        secondsLeft = roundDuration
        super.init(name: "pkBar", level: level, frame: Rect(origin: Point(x: 20, y: Self.top), size: Self.size))
    }

    /// Options: `duration` (seconds of a simulated round, 5...3600, default 90),
    /// `restartAfter` (seconds, 1...600, default 10), `simulate` (default true), `x`, `y`.
    public static func make(level: Double, options: WidgetOptions) throws -> Widget {
        let widget = PKBarWidget(
            level: level,
            roundDuration: try options.double("duration", default: 90, in: 5...3600),
            restartDelay: try options.double("restartAfter", default: 10, in: 1...600),
            simulates: try options.bool("simulate", default: true))
        widget.placement = try options.placement()
        try options.finish()
        return widget
    }

    public override func didLoad() {
        guard let context else { return }
        frame.origin = placement.origin(default: Point(x: 20, y: Self.top))
        frame.size.width = context.environment.viewport.width - 40
        listen(to: .pkScoreChanged) { $0.show($1) }
    }

    /// The left side's share of the points; one half when nobody scored.
    package var leftFraction: Double {
        let total = leftScore + rightScore
        return total == 0 ? 0.5 : Double(leftScore) / Double(total)
    }

    /// Who leads: the outcome if the round ended now.
    package var leader: PKOutcome { leftScore == rightScore ? .draw : (leftScore > rightScore ? .hostWon : .opponentWon) }

    /// Shows the score the room's server sent; the bar stops simulating its own.
    private func show(_ score: PKScore) {
        isFed = true
        leftScore = max(0, score.left)
        rightScore = max(0, score.right)
        secondsLeft = max(0, score.secondsLeft)
        if secondsLeft > 0 {
            hasEnded = false
        } else if !hasEnded {
            end()
        }
    }

    public override func update(_ step: FrameStep) {
        if hasEnded {
            sinceEnd += step.dt
            if !isFed, sinceEnd >= restartDelay { startRound() }
        } else {
            secondsLeft = max(0, secondsLeft - step.dt)
            if !isFed, simulates { simulatePoints(step.dt) }
            if secondsLeft == 0 { end() }
        }
        shownFraction += (leftFraction - shownFraction) * min(1, step.dt * 8)
    }

    private func simulatePoints(_ dt: Double) {
        guard let environment = context?.environment else { return }
        untilPoints -= dt
        guard untilPoints <= 0 else { return }
        // Points come as gifts do: a gift's coins, sometimes sent twice or three times.
        let gifts = [1, 5, 10, 52, 99, 188, 520]
        let points = environment.random.pick(gifts) * (1 + environment.random.index(below: 3))
        if environment.random.unit() < 0.5 { leftScore += points } else { rightScore += points }
        untilPoints = environment.random.double(in: 0.3...1.2)
    }

    private func startRound() {
        leftScore = 0
        rightScore = 0
        secondsLeft = roundDuration
        hasEnded = false
        shownFraction = 0.5
    }

    private func end() {
        hasEnded = true
        sinceEnd = 0
        secondsLeft = 0
        publish(.pkEnded, leader)
    }

    /// "PK 01:23" while a round runs.
    package var countdownText: String { hasEnded ? "PK ended" : "PK " + DisplayFormat.countdown(secondsLeft) }

    /// About a dozen draw items per frame.
    public override func draw(in canvas: Canvas) {
        let w = bounds.width
        let pill = Rect(x: w / 2 - 90, y: 0, width: 180, height: 36)
        canvas.fillRoundedRect(pill, radius: 18, Palette.panel)
        canvas.text(
            countdownText, font: .bold(24), color: hasEnded ? Palette.gold : Palette.text,
            at: Point(x: pill.midX, y: 4), alignment: .center)

        let bar = Rect(x: 0, y: Self.bar.minY, width: w, height: Self.bar.height)
        let split = (w * shownFraction).rounded()
        canvas.fillRoundedRect(bar, radius: bar.height / 2, Self.blue)
        canvas.withClip(Rect(x: 0, y: bar.minY, width: split, height: bar.height)) {
            canvas.fillRoundedRect(bar, radius: bar.height / 2, Self.red)
        }
        // A sheen on the upper half, and a spark where the sides meet.
        canvas.fillRoundedRect(
            Rect(x: 8, y: bar.minY + 4, width: w - 16, height: bar.height / 2 - 4), radius: 8,
            Color.white.withAlpha(0.14))
        canvas.fillRect(Rect(x: split - 2, y: bar.minY - 4, width: 4, height: bar.height + 8), .white)
        canvas.fillCircle(center: Point(x: split, y: bar.midY), radius: 9, Color.white.withAlpha(0.9))
        canvas.text("\(leftScore)", font: .bold(26), color: .white, at: Point(x: 22, y: bar.minY + 5))
        canvas.text(
            "\(rightScore)", font: .bold(26), color: .white, at: Point(x: w - 22, y: bar.minY + 5),
            alignment: .right)
    }
}
