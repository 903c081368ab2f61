import StudioKit

/// The claw kind, a remote claw machine: the claw pad, kept in lite mode so the game stays
/// playable. The pad drags (`Widget.dragAxes(at:)`: a finger sliding on it steers the claw),
/// so a finger on the pad never changes the room, while a swipe anywhere else does, as in every room;
/// the badge keeps the player's record ("2/5 won") and a win is told in the comments.
public final class ClawMachineStudio: ConfiguredStudio, StudioKind {
    public static let kind = StudioKinds.claw
    public static let requiredWidgets = [ClawPadWidget.catalogName]

    public private(set) var grabs = 0
    public private(set) var prizesWon = 0

    public override func studioDidLoad() {
        super.studioDidLoad()
        listen(to: .clawGrabbed) { $0.grabbed(won: $1) }
        setBadgeDetail("Tap GRAB")
    }

    private func grabbed(won: Bool) {
        grabs += 1
        if won {
            prizesWon += 1
            postRoomNotice("You caught a prize!", from: "Claw")
        }
        setBadgeDetail("\(prizesWon)/\(grabs) won")
    }
}
