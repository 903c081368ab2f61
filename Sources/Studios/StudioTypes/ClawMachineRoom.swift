import StudioDomain
import StudioFeed
import StudioKit
import StudioWidgets

/// The claw kind, a remote claw machine: the claw pad, kept in lite mode so the game stays
/// playable. The pad drags (`Widget.dragAxes(at:)`: a finger sliding on it steers the claw),
/// so a finger on the pad never changes the room, while a swipe anywhere else does, as in every room;
/// the badge keeps the player's record ("2/5 won") and a win is told in the comments.
package final class ClawMachineRoom: RoomComponent, StudioKind {
    package static let kind = StudioKinds.claw
    package static let requiredWidgets = [ClawPadWidget.catalogName]

    package private(set) var grabs = 0
    package private(set) var prizesWon = 0

    package override func roomDidLoad() {
        listen(to: .clawGrabbed) { $0.grabbed(won: $1) }
        studio.badge.detail = "Tap GRAB"
    }

    private func grabbed(won: Bool) {
        grabs += 1
        if won {
            prizesWon += 1
            studio.messages.postNotice("You caught a prize!", from: "Claw")
        }
        studio.badge.detail = "\(prizesWon)/\(grabs) won"
    }
}
