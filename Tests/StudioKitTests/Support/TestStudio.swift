import Testing

@testable import StudioKit

/// A minimal room for driver tests, as a part: a backdrop, a sparkle that moves at random,
/// a lite-layer badge, and a heart (float layer, random drift) for every tap on the room.
/// Everything random comes from `environment.random`, so the seed decides every frame.
final class TestStudio: RoomPart {
    let link = RoomLink()
    private(set) var heartsSpawned = 0

    /// A room made of this part and its widgets.
    static func makeRoom(room: RoomInfo, environment: StudioEnvironment) -> (Room, TestStudio) {
        let part = TestStudio()
        let studio = Room(room: room, environment: environment, parts: [part])
        part.addOrRecord(Backdrop(name: "backdrop", level: 0))
        part.addOrRecord(Sparkle(name: "sparkle", level: 250))
        part.addOrRecord(
            RecordingWidget(
                "badge", level: 300, frame: Rect(x: 600, y: 40, width: 80, height: 40),
                color: Color(r: 250, g: 200, b: 0)))
        return (studio, part)
    }

    func roomDidLoad() {
        listen(to: .roomTapped) { studio, point in studio.spawnHeart(at: point) }
    }

    private func spawnHeart(at point: Point) {
        heartsSpawned += 1
        addOrRecord(Heart(name: "heart.\(heartsSpawned)", at: point))
    }

    private func addOrRecord(_ widget: Widget) {
        do { try room.add(widget) } catch { Issue.record("cannot add \(widget.name): \(error)") }
    }
}

/// The room's background: the cover image and a tinted rectangle.
final class Backdrop: Widget {
    override func draw(in canvas: Canvas) {
        canvas.image(context?.room.cover ?? ImageRef("none"), in: Rect(origin: .zero, size: .studio))
        canvas.fillRect(Rect(x: 0, y: 0, width: 720, height: 1280), Color(r: 20, g: 20, b: 40, a: 120))
    }
}

/// A small square that starts and wanders at random.
final class Sparkle: Widget {
    override func didLoad() {
        frame = Rect(x: nextRandom() * 700, y: nextRandom() * 1200, width: 20, height: 20)
    }

    override func update(_ step: FrameStep) {
        frame.origin.x += (nextRandom() - 0.5) * 4
        frame.origin.y += (nextRandom() - 0.5) * 4
    }

    override func draw(in canvas: Canvas) {
        canvas.fillRect(bounds, Color(r: 255, g: 255, b: 255, a: 200))
    }

    private func nextRandom() -> Double { context?.environment.random.unit() ?? 0 }
}

/// A heart that floats up from a tap with a random drift and fades out, then removes itself.
final class Heart: Widget {
    private var drift = 0.0
    private var age = 0.0
    private let lifetime = 1.0

    init(name: String, at point: Point) {
        super.init(name: name, level: 400, frame: Rect(x: point.x - 15, y: point.y - 15, width: 30, height: 30))
    }

    override func didLoad() {
        drift = (context?.environment.random.unit() ?? 0.5) * 120 - 60
    }

    override func update(_ step: FrameStep) {
        age += step.dt
        frame.origin.x += drift * step.dt
        frame.origin.y -= 200 * step.dt
        alpha = max(0, 1 - age / lifetime)
        if age >= lifetime { removeFromParent() }
    }

    override func draw(in canvas: Canvas) {
        canvas.fillCircle(center: Point(x: 15, y: 15), radius: 15, Color(r: 255, g: 60, b: 90))
    }
}

/// Hands the driver `TestStudio`s; each room's seed is derived from the provider's seed
/// and the room's position, so the same seed gives the same rooms.
final class TestProvider: StudioProvider {
    let seed: UInt64
    private(set) var made: [(room: Room, part: TestStudio)] = []

    init(seed: UInt64) { self.seed = seed }

    func room(at position: Int) -> RoomInfo {
        RoomInfo(
            id: position, kind: "test", title: "Room \(position)", hostName: "host \(position)",
            cover: ImageRef("cover-\(position)"), onlineCount: 100 + position)
    }

    func makeStudio(at position: Int) throws -> Room {
        let room = room(at: position)
        let roomSeed = seed &* 1_000_003 &+ UInt64(bitPattern: Int64(position))
        let (studio, part) = TestStudio.makeRoom(room: room, environment: makeEnvironment(seed: roomSeed))
        made.append((studio, part))
        return studio
    }
}
