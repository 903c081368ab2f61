import StudioDomain
import StudioFeed
import StudioKit
import StudioWidgets

/// The hearts this viewer sent in the room: taps on the room, the bottom bar's ♥ button
/// and likes (double taps on a picture), as the session's record of the visit keeps them.
/// It hears the same events the hearts widget draws from, so every burst is counted.
public final class RoomHearts: RoomComponent {
    public private(set) var sent = 0

    public override func roomDidLoad() {
        listen(to: .roomTapped) { hearts, _ in hearts.sent += 1 }
        listen(to: .likeTapped) { hearts, _ in hearts.sent += 1 }
        listen(to: .likeSent) { hearts, _ in hearts.sent += 1 }
    }

    public override func contribute(to output: inout StudioOutput) {
        output.heartsSent = sent
    }
}
