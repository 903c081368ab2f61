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

    public override func roomDidLoad() {
        // The closure gets the `Prize` the wheel published: the compiler checked both ends.
        listen(to: .prizeWon) { $0.celebrate($1) }
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
