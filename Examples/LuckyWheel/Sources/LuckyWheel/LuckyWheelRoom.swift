import StudioKit
import Studios

/// The lucky-wheel kind's behaviour, a part its rooms add: each prize the wheel stops on is
/// toasted, counted on the badge ("2 won") and cheered with a burst of hearts from the
/// wheel. It reaches the room's messages and badge through their services, and the wheel
/// and the hearts by name and type.
public final class LuckyWheelRoom: RoomPart, StudioKind {
    public let link = RoomLink()
    public static let kind: RoomKind = "luckyWheel"
    public static let requiredWidgets = [LuckyWheelWidget.catalogName]

    /// The names of the prizes won in this room, in order.
    public private(set) var won: [String] = []
    /// The jackpot as the server last raised it; nil before it has.
    public private(set) var jackpot: Int?

    public init() {}

    public func roomDidLoad() {
        // The closure gets the `Prize` the wheel published: the compiler checked both ends.
        listen(to: .prizeWon) { $0.celebrate($1) }
        // The server's jackpot, sent by `JackpotFeed`, arrives as any server message does.
        listen(to: .jackpotRaised) { wheel, amount in
            wheel.jackpot = amount
            wheel.room.notices?.postNotice("Jackpot: \(amount)!", from: "Lucky Lu")
        }
        room.badgeDetail?.detail = "Spin!"
    }

    private func celebrate(_ prize: Prize) {
        won.append(prize.name)
        room.notices?.toast("You won \(prize.name)!")
        room.badgeDetail?.detail = "\(won.count) won"
        if let wheel = room.widget(named: LuckyWheelWidget.catalogName),
            let hearts = room.widget(named: HeartsWidget.catalogName, as: HeartsWidget.self)
        {
            hearts.spawnBurst(at: wheel.transformToRoot.apply(wheel.bounds.center))
        }
    }
}
