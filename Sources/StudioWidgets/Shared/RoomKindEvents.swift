import StudioDomain
import StudioKit

/// How a PK round ended, seen from this room: its host is the left (red) side, the
/// opponent the right (blue) one.
package enum PKOutcome: String, Hashable, Sendable, CaseIterable {
    case hostWon, opponentWon, draw
}

extension EventKey where Payload == NoPayload {
    /// Someone asks for the hourly rank list (the audience list was tapped); the rank
    /// dialog opens.
    package static let rankListRequested = EventKey("rankListRequested")
    /// The shopping cart button was tapped.
    package static let cartTapped = EventKey("cartTapped")
    /// The co-streaming audience member left.
    /// - Unpublished: the co-stream window changes guests on its own; a package's part or a
    ///   test drives it with this.
    package static let coStreamLeft = EventKey("coStreamLeft")
    /// The host went live from the host panel.
    package static let liveStarted = EventKey("liveStarted")
}

extension EventKey where Payload == String {
    /// A target of the share sheet was chosen: its name.
    /// - Unheard: the sheet answers with its own toast; for a package that shares for real.
    package static let sharedTo = EventKey("sharedTo")
    /// A product was paid for in the product card's buy flow: its name.
    package static let orderPlaced = EventKey("orderPlaced")
    /// An audience member joined the host's stream (the co-stream window shows
    /// them): their name.
    /// - Unpublished: the co-stream window changes guests on its own; a package's part or a
    ///   test drives it with this.
    package static let coStreamJoined = EventKey("coStreamJoined")
    /// The hosts loop handed the room to the next host: the new host's name.
    package static let hostRotated = EventKey("hostRotated")
}

extension EventKey where Payload == PKOutcome {
    /// A PK round ended, with its outcome.
    package static let pkEnded = EventKey("pkEnded")
}

extension EventKey where Payload == Bool {
    /// A claw machine grab finished: whether it won.
    package static let clawGrabbed = EventKey("clawGrabbed")
    /// Playback was paused or resumed (also paused at the end): whether it plays.
    package static let playbackToggled = EventKey("playbackToggled")
}

extension EventKey where Payload == Double {
    /// The playback position was moved by a tap on the progress bar: seconds from
    /// the start.
    package static let playbackSeeked = EventKey("playbackSeeked")
    /// The host ended the live: how many seconds it lasted.
    package static let liveEnded = EventKey("liveEnded")
}

extension EventKey where Payload == Int {
    /// The viewer tipped the host from the gift panel: the coins.
    /// - Unheard: the panel spends the coins and posts the line itself; for a package's part.
    package static let tipSent = EventKey("tipSent")
}
