import StudioKit
import Studios

/// The lucky-wheel room: a live room with the wheel. Each prize the wheel stops on is
/// toasted, counted on the badge ("2 won") and cheered with a burst of hearts from the wheel.
public final class LuckyWheelStudio: BasicBusinessStudio, StudioKind {
    public static let kind = "luckyWheel"
    public static let requiredWidgets = [LuckyWheelWidget.catalogName]

    /// The prizes won in this room, in order.
    public private(set) var won: [String] = []

    public override func studioDidLoad() {
        super.studioDidLoad()
        listen(to: .prizeWon)
        setBadgeDetail("Spin!")
    }

    public override func onEvent(_ name: EventName, sender: AnyObject?, userInfo: EventPayload) {
        guard name == .prizeWon, let prize = userInfo.text else { return }
        won.append(prize)
        toast("You won \(prize)!")
        setBadgeDetail("\(won.count) won")
        if let wheel = sender as? LuckyWheelWidget, let hearts = widget(named: HeartsWidget.catalogName) as? HeartsWidget {
            hearts.spawnBurst(at: wheel.transformToRoot.apply(wheel.bounds.center))
        }
    }
}
