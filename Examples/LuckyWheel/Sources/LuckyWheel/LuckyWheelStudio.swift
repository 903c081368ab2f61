import StudioKit
import Studios

/// The lucky-wheel room: a live room with the wheel. Each prize the wheel stops on is
/// toasted, counted on the badge ("2 won") and cheered with a burst of hearts from the wheel.
public final class LuckyWheelStudio: ConfiguredStudio, StudioKind {
    public static let kind: RoomKind = "luckyWheel"
    public static let requiredWidgets = [LuckyWheelWidget.catalogName]

    /// The names of the prizes won in this room, in order.
    public private(set) var won: [String] = []

    public override func studioDidLoad() {
        super.studioDidLoad()
        // The closure gets the `Prize` the wheel published: the compiler checked both ends.
        listen(to: .prizeWon) { $0.celebrate($1) }
        setBadgeDetail("Spin!")
    }

    private func celebrate(_ prize: Prize) {
        won.append(prize.name)
        toast("You won \(prize.name)!")
        setBadgeDetail("\(won.count) won")
        if let wheel = widget(named: LuckyWheelWidget.catalogName),
            let hearts = widget(named: HeartsWidget.catalogName) as? HeartsWidget
        {
            hearts.spawnBurst(at: wheel.transformToRoot.apply(wheel.bounds.center))
        }
    }
}
