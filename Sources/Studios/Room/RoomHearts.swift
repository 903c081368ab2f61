import StudioDomain
import StudioFeed
import StudioKit
import StudioWidgets

/// The hearts this viewer sent in the room: taps on the room and likes (double taps on a
/// picture), as the session's record of the visit keeps them.
public final class RoomHearts: RoomComponent {
    public private(set) var sent = 0

    public override func roomDidLoad() {
        listen(to: .roomTapped) { hearts, _ in hearts.sent += 1 }
        listen(to: .likeSent) { hearts, _ in hearts.sent += 1 }
    }

    public override func contribute(to output: inout StudioOutput) {
        output.heartsSent = sent
    }
}
