import StudioKit
import Studios

/// The lucky-wheel kind's behaviour, a component its rooms add: each prize the wheel stops
/// on is toasted, counted on the badge ("2 won") and cheered with a burst of hearts from
/// the wheel.
public final class LuckyWheelRoom: RoomComponent, StudioKind {
    public static let kind: RoomKind = "luckyWheel"
    public static let requiredWidgets = [LuckyWheelWidget.catalogName]

    /// The names of the prizes won in this room, in order.
    public private(set) var won: [String] = []
    /// The jackpot as the server last raised it; nil before it has.
    public private(set) var jackpot: Int?

    public override func roomDidLoad() {
        // The closure gets the `Prize` the wheel published: the compiler checked both ends.
        listen(to: .prizeWon) { $0.celebrate($1) }
        // The server's jackpot, sent by `JackpotFeed`, arrives as any server message does.
        listen(to: .jackpotRaised) { room, amount in
            room.jackpot = amount
            room.studio.messages.postNotice("Jackpot: \(amount)!", from: "Lucky Lu")
        }
        studio.badge.detail = "Spin!"
    }

    private func celebrate(_ prize: Prize) {
        won.append(prize.name)
        studio.messages.toast("You won \(prize.name)!")
        studio.badge.detail = "\(won.count) won"
        if let wheel = studio.widget(named: LuckyWheelWidget.catalogName),
            let hearts = studio.widget(named: HeartsWidget.catalogName) as? HeartsWidget
        {
            hearts.spawnBurst(at: wheel.transformToRoot.apply(wheel.bounds.center))
        }
    }
}
