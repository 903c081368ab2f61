// A typed event of a package's own: the key names its payload, so the compiler checks the
// widget that publishes it and the kind that listens alike. `swift run TypedEvent`.
import StudioKit
import Studios

// snippet.show
/// What the wheel stopped on.
public struct Prize: Hashable, Sendable {
    public var name: String
    public var spin: Int
}

extension EventKey where Payload == Prize {
    /// The wheel stopped on a prize.
    public static let prizeWon = EventKey("luckyWheel.prizeWon")
}

/// A wheel reduced to its event: each tap is a spin that wins the next prize.
public final class PrizeWheel: Widget {
    let prizes = ["Rose", "Rocket", "Crown"]
    var spins = 0

    public override func handleTap(at point: Point) -> Bool {
        spins += 1
        publish(.prizeWon, Prize(name: prizes[spins % prizes.count], spin: spins))
        return true
    }
}

/// A kind that counts what its room won, told by the event, not by the widget's type.
public final class PrizeRoom: RoomComponent, StudioKind {
    public static let kind: RoomKind = "prizes"
    public static let requiredWidgets: [String] = []
    public private(set) var won: [String] = []

    public override func roomDidLoad() {
        listen(to: .prizeWon) { room, prize in
            room.won.append(prize.name)
            room.studio.messages.toast("Spin \(prize.spin): you won \(prize.name)!")
        }
    }
}
// snippet.hide

let factory = StudioFactory(types: .standard + StudioTypes([StudioKindRegistration(PrizeRoom.self)]))
var room = RoomInfo.placeholder
room.kind = PrizeRoom.kind
let studio = try factory.makeStudio(
    config: StudioConfig(kind: PrizeRoom.kind, title: "Prizes", widgets: []), room: room,
    environment: StudioEnvironment(measurer: ApproximateTextMeasurer(), seed: 1))
let wheel = PrizeWheel(name: "wheel", level: 240, frame: Rect(x: 0, y: 0, width: 100, height: 100))
try studio.add(wheel)
studio.load()
_ = wheel.handleTap(at: .zero)
_ = wheel.handleTap(at: .zero)
studio.announcer.deliverQueued()
print("won: \(studio.component(PrizeRoom.self)?.won ?? [])")
