import StudioDomain
import StudioKit

extension DanmakuWidget {
    /// Draws the comments: see `draw(in:)`.
    func drawComments(in canvas: Canvas) {
        pictures.beginFrame()
        let screenWidth = lanes.screenWidth
        for item in moving {
            let x = item.x(screenWidth: screenWidth)
            guard x < screenWidth, x + item.width > 0, item.shown > 0 else { continue }
            let body = {
                if item.pauseRemaining > 0 || item.isOwn {
                    let box = Rect(x: x - 10, y: item.y + 2, width: item.width + 20, height: item.height - 4)
                    if item.pauseRemaining > 0 { canvas.fillRoundedRect(box, radius: box.height / 2, Self.highlight) }
                    canvas.stroke(.roundedRect(box, radius: box.height / 2), Palette.brand, width: 2)
                }
                self.drawText(item.text, font: item.font, color: item.color, at: Point(x: x, y: item.y + item.textOffset), in: canvas)
            }
            if item.shown < 1 { canvas.withState(alpha: item.shown, body) } else { body() }
        }
        for item in standing {
            let x = (screenWidth - item.width) / 2
            drawText(item.text, font: item.font, color: item.color, at: Point(x: x, y: item.y + item.textOffset), in: canvas)
        }
        guard !positioned.isEmpty else { return }
        canvas.withClip(bounds) {
            for item in positioned {
                canvas.withState(alpha: item.motion.alpha(at: item.age)) {
                    drawText(
                        item.text, font: item.font, color: item.color, at: item.motion.origin(at: item.age, in: bounds),
                        in: canvas)
                }
            }
        }
    }

    /// The text over its dark edge. The edge is drawn from silhouettes, so an emoji's shadow
    /// is a shadow, not a second emoji.
    /// Draws a line and its edge as one sprite (`DanmakuPictures`), its text's top-left at
    /// `origin`.
    private func drawText(_ text: String, font: FontSpec, color: Color, at origin: Point, in canvas: Canvas) {
        let key = DanmakuPictures.Key(text: text, font: font, color: color, edge: configuration.edge)
        let sprite = pictures.sprite(key, measurer: canvas.measurer)
        canvas.sprite(sprite, at: Point(x: origin.x - DanmakuPictures.pad, y: origin.y - DanmakuPictures.pad))
    }

    /// The comments on screen: moving ones first, then fixed, then positioned (tests and the
    /// inspector; allocates).
    package var onScreenItems: [DanmakuOnScreen] {
        let screenWidth = lanes.screenWidth
        return moving.map {
            DanmakuOnScreen(
                text: $0.text, mode: $0.direction == .leftward ? .scroll : .reverse, size: $0.size,
                lane: $0.lanes.lowerBound, laneSpan: $0.lanes.count, order: $0.seq,
                frame: Rect(x: $0.x(screenWidth: screenWidth), y: $0.y, width: $0.width, height: $0.height),
                isPaused: $0.pauseRemaining > 0, alpha: $0.shown, isOwn: $0.isOwn)
        }
            + standing.map {
                DanmakuOnScreen(
                    text: $0.text, mode: $0.kind, size: $0.size, lane: $0.lanes.lowerBound, laneSpan: $0.lanes.count,
                    order: $0.seq,
                    frame: Rect(x: (screenWidth - $0.width) / 2, y: $0.y, width: $0.width, height: $0.height),
                    isPaused: false, alpha: 1, isOwn: $0.isOwn)
            }
            + positioned.map {
                let at = $0.motion.origin(at: $0.age, in: bounds)
                return DanmakuOnScreen(
                    text: $0.text, mode: .positioned, size: $0.size, lane: -1, laneSpan: 0, order: $0.seq,
                    frame: Rect(x: at.x, y: at.y, width: $0.width, height: $0.height),
                    isPaused: false, alpha: $0.motion.alpha(at: $0.age))
            }
    }
}
