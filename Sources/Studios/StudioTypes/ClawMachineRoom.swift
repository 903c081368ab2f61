import StudioDomain
import StudioFeed
import StudioKit
import StudioWidgets

/// The claw kind, a remote claw machine: the claw pad, kept in lite mode so the game stays
/// playable. The pad drags (`Widget.dragAxes(at:)`: a finger sliding on it steers the claw),
/// so a finger on the pad never changes the room, while a swipe anywhere else does, as in every room;
/// the badge keeps the player's record ("2/5 won") and a win is told in the comments.
package final class ClawMachineRoom: RoomPart, StudioKind {
    package let link = RoomLink()

    package init() {}

    package static let kind = StudioKinds.claw
    package static let requiredWidgets = [ClawPadWidget.catalogName]

    package private(set) var grabs = 0
    package private(set) var prizesWon = 0

    package func roomDidLoad() {
        listen(to: .clawGrabbed) { $0.grabbed(won: $1) }
        room.badgeDetail?.detail = "Tap GRAB"
    }

    private func grabbed(won: Bool) {
        grabs += 1
        if won {
            prizesWon += 1
            room.notices?.postNotice("You caught a prize!", from: "Claw")
        }
        room.badgeDetail?.detail = "\(prizesWon)/\(grabs) won"
    }
}
