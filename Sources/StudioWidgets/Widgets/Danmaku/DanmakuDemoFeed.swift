import StudioDomain
import StudioKit

/// The barrage's built-in demo feed (off unless `demoInterval` > 0): one comment every
/// `interval` seconds of simulated time, mostly white and scrolling, some colored, a few
/// fixed at the top or bottom. Draws from its own generator, forked from the studio's, so
/// turning it on does not change what other widgets draw.
struct DanmakuDemoFeed {
    let interval: Double
    var random: SeededRandom
    private var untilNext: Double

    init(interval: Double, random: SeededRandom) {
        self.interval = interval
        self.random = random
        untilNext = interval
    }

    /// Advances the timer by `dt` and hands each comment that is due to `body`.
    mutating func advance(by dt: Double, _ body: (DanmakuItem) -> Void) {
        untilNext -= dt
        while untilNext <= 0 {
            untilNext += interval
            body(make())
        }
    }

    private mutating func make() -> DanmakuItem {
        let user = random.pick(DemoComments.users)
        let text = random.pick(DemoComments.phrases)
        let roll = random.unit()
        let mode: DanmakuMode = roll < 0.06 ? .top : roll < 0.12 ? .bottom : .scroll
        let color = random.unit() < 0.75 ? Color.white : random.pick(Palette.names)
        return DanmakuItem(user: user, text: text, color: color, mode: mode)
    }
}
