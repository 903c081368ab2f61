import StudioDomain
import StudioFeed
import StudioKit
import StudioWidgets

/// The hearts this viewer sent in the room: taps on the room, the bottom bar's ♥ button
/// and likes (double taps on a picture), as the session's record of the visit keeps them.
/// It hears the same events the hearts widget draws from, so every burst is counted, in
/// the room and in the viewer's account for the session (`ViewerAccount`).
public final class RoomHearts: RoomPart {
    public let link = RoomLink()

    public init() {}
    public private(set) var sent = 0
    private var account: ViewerAccount?

    public func roomDidLoad() {
        account = ViewerAccount.of(room.environment)
        listen(to: .roomTapped) { hearts, _ in hearts.count() }
        listen(to: .likeTapped) { hearts, _ in hearts.count() }
        listen(to: .likeSent) { hearts, _ in hearts.count() }
    }

    private func count() {
        sent += 1
        account?.heartsSent += 1
    }

    public func contribute(to output: inout StudioOutput) {
        output.heartsSent = sent
    }
}
