import StudioDomain
import StudioFeed
import StudioKit
import StudioWidgets

/// The hearts this viewer sent in the room: taps on the room, the bottom bar's ♥ button
/// and likes (double taps on a picture), as the session's record of the visit keeps them.
/// It hears the same events the hearts widget draws from, so every burst is counted, in
/// the room and in the viewer's account for the session (`ViewerAccount`).
public final class RoomHearts: RoomComponent {
    public private(set) var sent = 0
    private var account: ViewerAccount?

    public override func roomDidLoad() {
        account = ViewerAccount.of(studio.environment)
        for key in [EventKey<Point>.roomTapped, .likeTapped, .likeSent] {
            listen(to: key) { hearts, _ in hearts.count() }
        }
    }

    private func count() {
        sent += 1
        account?.heartsSent += 1
    }

    public override func contribute(to output: inout StudioOutput) {
        output.heartsSent = sent
    }
}
