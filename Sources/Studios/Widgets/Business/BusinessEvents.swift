import StudioKit

/// The events the business widgets announce or answer to, named for what happened.
extension EventName {
    /// Someone asks for the hourly rank list (the audience list was tapped); the rank
    /// dialog opens. Payload: `.none`.
    public static let rankListRequested = EventName("rankListRequested")
    /// A target of the share sheet was chosen. Payload: `.text(target name)`.
    public static let sharedTo = EventName("sharedTo")
    /// A PK round ended. Payload: `.int`: -1 the left (red, this room's host) side won,
    /// 1 the right (blue, the opponent) side won, 0 a draw.
    public static let pkEnded = EventName("pkEnded")
    /// The shopping cart button was tapped. Payload: `.none`.
    public static let cartTapped = EventName("cartTapped")
    /// A product was paid for in the product card's buy flow. Payload: `.text(product name)`.
    public static let orderPlaced = EventName("orderPlaced")
    /// A claw machine grab finished. Payload: `.bool(won)`.
    public static let clawGrabbed = EventName("clawGrabbed")
    /// The playback position was moved by a tap on the progress bar.
    /// Payload: `.double(seconds from the start)`.
    public static let playbackSeeked = EventName("playbackSeeked")
    /// Playback was paused or resumed (also paused at the end). Payload: `.bool(isPlaying)`.
    public static let playbackToggled = EventName("playbackToggled")
    /// An audience member joined the host's stream (the co-stream window shows them).
    /// Payload: `.text(name)`.
    public static let coStreamJoined = EventName("coStreamJoined")
    /// The co-streaming audience member left. Payload: `.none`.
    public static let coStreamLeft = EventName("coStreamLeft")
    /// The host went live from the host panel. Payload: `.none`.
    public static let liveStarted = EventName("liveStarted")
    /// The host ended the live. Payload: `.double(seconds it lasted)`.
    public static let liveEnded = EventName("liveEnded")
    /// The hosts loop handed the room to the next host. Payload: `.text(new host's name)`.
    public static let hostRotated = EventName("hostRotated")
    /// The viewer tipped the host from the gift panel. Payload: `.int(coins)`.
    public static let tipSent = EventName("tipSent")
}
