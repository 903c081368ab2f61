import Foundation
import StudioKit

/// The peer-comparison scene, the same as `Benchmarks/peers/love-danmaku`:
/// a video-like background (moving color bands) and `count` blended 300x40 comments (a
/// translucent rounded box with a line of text) scrolling right to left at 720x1280.
final class PeerSceneProvider: StudioProvider {
    let count: Int
    let measurer: TextMeasurer
    let seed: UInt64

    init(count: Int, measurer: TextMeasurer, seed: UInt64) {
        self.count = count
        self.measurer = measurer
        self.seed = seed
    }

    func room(at position: Int) -> RoomInfo { .placeholder }

    func makeStudio(at position: Int) throws -> Room {
        let studio = Room(room: room(at: position), environment: StudioEnvironment(measurer: measurer, seed: seed))
        try studio.add(PeerBackgroundWidget())
        try studio.add(PeerDanmakuWidget(count: count))
        return studio
    }
}

/// Twelve horizontal color bands whose colors drift with time, like video frames.
final class PeerBackgroundWidget: Widget {
    private var time = 0.0

    init() { super.init(name: "peer-video", level: 100, frame: Rect(origin: .zero, size: .studio)) }

    override func update(_ step: FrameStep) { time += step.dt }

    override func draw(in canvas: Canvas) {
        let bands = 12
        let h = frame.height / Double(bands)
        for i in 0..<bands {
            let t = time + Double(i) * 0.4
            canvas.fillRect(
                Rect(x: 0, y: Double(i) * h, width: frame.width, height: h + 1),
                Color(
                    r: UInt8(90 + 80 * sin(t)), g: UInt8(90 + 80 * sin(t * 1.3 + 2)),
                    b: UInt8(120 + 100 * sin(t * 0.7 + 4))))
        }
    }
}

/// `count` comments 300x40, alpha-blended, scrolling right to left, wrapping around.
final class PeerDanmakuWidget: Widget {
    /// Unchecked: each step moves every comment, and a dynamic exclusivity check per comment
    /// cost more than the move. Only `update` writes it.
    @exclusivity(unchecked) private var x: [Double]
    private let y: [Double]
    private let speed: [Double]
    private let texts: [String]
    /// Each comment's box and text as one sprite, drawn once by the renderer and then copied,
    /// as the peers draw each comment from textures made once.
    private var sprites: [Sprite] = []

    init(count: Int) {
        var rng = SeededRandom(seed: 42)
        x = (0..<count).map { _ in rng.double(in: -300...720) }
        y = (0..<count).map { _ in rng.double(in: 0...1240) }
        speed = (0..<count).map { _ in rng.double(in: 120...240) }
        texts = (0..<count).map { "comment \($0) 弹幕" }
        super.init(name: "peer-danmaku", level: 250, frame: Rect(origin: .zero, size: .studio))
    }

    override func update(_ step: FrameStep) {
        for i in x.indices {
            x[i] -= speed[i] * step.dt
            if x[i] < -300 { x[i] += 1020 }
        }
    }

    override func draw(in canvas: Canvas) {
        if sprites.isEmpty {
            let box = Color(r: 0, g: 0, b: 0, a: 110)
            let ink = Color(r: 255, g: 255, b: 255, a: 230)
            sprites = texts.map { text in
                Sprite.drawing(size: Size(width: 300, height: 40), measurer: canvas.measurer) { c in
                    c.fillRoundedRect(Rect(x: 0, y: 0, width: 300, height: 40), radius: 20, box)
                    c.text(text, font: .regular(24), color: ink, at: Point(x: 16, y: 6))
                }
            }
        }
        for i in x.indices { canvas.sprite(sprites[i], at: Point(x: x[i], y: y[i])) }
    }
}
