import StudioDomain
import StudioKit

/// Full-screen gift animations (a rocket launch, a castle, fireworks) for the gifts of
/// `tiers` (full-screen gifts by default), one at a time, over the whole room; touches pass
/// through.
///
/// The queue rule, where a gift's value is coins × count:
/// - waiting animations play in order of value, highest first, then of arrival: a more
///   valuable gift goes ahead of less valuable ones that wait (`overtakes`);
/// - the playing animation finishes, unless a gift worth at least `cutInFactor` (10) times
///   as much arrives: then it cuts in at once (`cutIns`). The interrupted animation fades
///   out in 0.3 s and goes back to the line at its value and original arrival, to play again
///   from the start later: a cut-in never loses a gift;
/// - past `queueLimit` waiting, the least valuable (latest among equals) is dropped
///   (`dropped`).
/// `received == played + dropped + queued + (isPlaying ? 1 : 0)` at all times.
package final class GiftAnimationWidget: Widget {
    package let configuration: GiftAnimationConfiguration

    /// Gifts received (events and `enqueue`).
    package private(set) var received = 0
    /// Animations that played to the end.
    package private(set) var played = 0
    /// Animations interrupted by a gift worth `cutInFactor` times as much.
    package private(set) var cutIns = 0
    /// Gifts that went ahead of at least one waiting gift.
    package private(set) var overtakes = 0
    /// Gifts dropped from a full waiting line.
    package var dropped: Int { queue.dropped }
    /// Animations waiting.
    package var queued: Int { queue.count }

    /// The gift whose animation plays now.
    package var nowPlaying: GiftMessage? { playing?.request.message }
    package var isPlaying: Bool { playing != nil }
    /// The waiting gifts in the order they will play (tests and the inspector; allocates).
    package var waiting: [GiftMessage] { queue.waiting.map(\.message) }

    private struct Run {
        var request: GiftAnimationRequest
        var effect: GiftEffect
        var age = 0.0
        /// Seconds since it was interrupted (fading out); nil while playing.
        var fading: Double?
        /// Where its title is centred, kept out of the areas widgets keep clear.
        var titleY = GiftEffect.titleY
        var titlePlaced = false
    }

    private var queue: GiftAnimationQueue
    private var playing: Run?
    private var outgoing: Run?
    private var nextSerial = 0
    private var random = SeededRandom(seed: 0x6A1F7)

    static let fadeOut = 0.3
    /// The areas the title keeps out of: the same widgets the danmaku keep out of.
    private var keepOut = DanmakuKeepOut()

    package init(
        level: Double = Levels.giftAnimation,
        configuration: GiftAnimationConfiguration = GiftAnimationConfiguration()
    ) {
        self.configuration = configuration
        queue = GiftAnimationQueue(limit: configuration.queueLimit)
        super.init(name: "giftAnimation", level: level, frame: Rect(origin: .zero, size: .studio))
        passesTouchesThrough = true
        // The title is a banner like any other: the danmaku keep out of it.
        keepsOverlaysOut = true
    }

    package override func didLoad() {
        guard let context else { return }
        frame = Rect(origin: .zero, size: context.environment.viewport)
        // Its own generator, so particles drawn here do not shift what other widgets draw.
        random = context.environment.random.fork()
        listen(to: .giftArrived) { widget, message in
            if widget.configuration.tiers.contains(message.gift.tier) { widget.enqueue(message) }
        }
    }

    /// Takes a gift: it plays now if nothing plays, cuts in if it is worth `cutInFactor`
    /// times the playing one, or waits at its place in the line.
    package func enqueue(_ message: GiftMessage) {
        received += 1
        let request = GiftAnimationRequest(message: message, value: message.gift.coins * message.count, serial: nextSerial)
        nextSerial += 1
        if let current = playing, Double(request.value) >= configuration.cutInFactor * Double(current.request.value) {
            cutIns += 1
            var interrupted = current
            interrupted.fading = 0
            outgoing = interrupted
            playing = nil
            queue.insert(current.request)
            queue.insert(request)
        } else if let ahead = queue.insert(request), ahead > 0 {
            overtakes += 1
        }
        startNextIfIdle()
    }

    private func startNextIfIdle() {
        guard playing == nil, let request = queue.popFirst() else { return }
        let measurer = context?.environment.measurer ?? ApproximateTextMeasurer()
        let effect = GiftEffect(
            message: request.message, duration: configuration.duration,
            viewport: frame.size, measurer: measurer, random: &random)
        playing = Run(request: request, effect: effect)
    }

    // MARK: Frame

    /// - Complexity: O(1) per step, except when an animation starts (it draws its
    ///   particles: about 100 values).
    package override func update(_ step: FrameStep) {
        if var run = outgoing {
            run.age += step.dt
            run.fading! += step.dt
            outgoing = run.fading! >= Self.fadeOut ? nil : run
        }
        if var run = playing {
            run.age += step.dt
            if run.age >= configuration.duration {
                played += 1
                playing = nil
            } else {
                playing = run
            }
        }
        startNextIfIdle()
        // The title's place is sought when an animation starts and when the areas kept clear
        // change, not every step.
        if playing != nil, keepOut.refresh(for: self) || !playing!.titlePlaced {
            playing!.titleY = playing!.effect.titleCentre(keepingOutOf: keepOut.rects)
            playing!.titlePlaced = true
        }
    }

    /// About 150-250 draw items while an animation plays, none otherwise.
    package override func draw(in canvas: Canvas) {
        if let run = outgoing, let fading = run.fading {
            canvas.withState(alpha: max(0, 1 - fading / Self.fadeOut)) { run.effect.draw(in: canvas, age: run.age, titleY: run.titleY) }
        }
        if let run = playing { run.effect.draw(in: canvas, age: run.age, titleY: run.titleY) }
    }
}

extension GiftAnimationWidget: OverlayKeepOutArea {
    /// The playing animation's title; nothing between animations.
    package var overlayKeepOutRect: Rect {
        guard let run = playing else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        let size = run.effect.titleSize
        return Rect(x: (frame.width - size.width) / 2, y: run.titleY - size.height / 2, width: size.width, height: size.height)
    }
}

extension GiftAnimationWidget: CatalogWidget {
    package static var catalogName: String { "giftAnimation" }
    package static var defaultLevel: Double { Levels.giftAnimation }

    /// Options: `duration` (1...10 s, 3.2), `cutInFactor` (1.5...1000, 10), `queueLimit`
    /// (1...500, 20), `tiers` (any of "small", "medium", "fullScreen"; ["fullScreen"]).
    package static func make(level: Double, options: WidgetOptions) throws -> Widget {
        var c = GiftAnimationConfiguration()
        c.duration = try options.double("duration", default: c.duration, in: 1...10)
        c.cutInFactor = try options.double("cutInFactor", default: c.cutInFactor, in: 1.5...1000)
        c.queueLimit = try options.int("queueLimit", default: c.queueLimit, in: 1...500)
        c.tiers = try GiftTiers.parse(options, default: c.tiers)
        try options.finish()
        return GiftAnimationWidget(level: level, configuration: c)
    }
}
