import StudioKit
import Studios

extension EventKey where Payload == Int {
    /// The lucky-wheel server raised the jackpot: its new amount, in coins.
    public static let jackpotRaised = EventKey("luckyWheel.jackpotRaised")
}

/// The lucky-wheel server's own message, beside LiveStudio's chat and gifts: every
/// `interval` seconds of the room's time, the jackpot of a room of `kind` grows by
/// `step`. An I/O component, as LiveStudio's server feed is: it hears the driver's controls
/// on the loop thread and answers only with notes in the inbox, so its messages reach the
/// room's widgets and components exactly as the server's do, typed.
public final class JackpotFeed: IOComponent {
    private let inbox: Inbox<StudioNote>
    private let kind: RoomKind
    private let interval: Double
    private let step: Int
    private var room: RoomInfo?
    private var roomStart = 0.0
    private var sent = 0

    public init(inbox: Inbox<StudioNote>, kind: RoomKind, interval: Double = 10, step: Int = 100) {
        self.inbox = inbox
        self.kind = kind
        self.interval = interval
        self.step = step
    }

    public func handle(_ control: DriverControl) {
        switch control {
        case .roomEntered(let info) where info.kind == kind:
            room = info
            sent = 0
            roomStart = .nan
        case .roomEntered, .roomLeft, .shutdown:
            room = nil
        case .advance(let time):
            guard let room else { return }
            if roomStart.isNaN { roomStart = time }
            // Lockstep runs advance in fixed steps and a window on the real clock: either
            // way each raise is sent once, when the room's time passes it.
            while time - roomStart >= Double(sent + 1) * interval {
                sent += 1
                inbox.send(StudioNote(.jackpotRaised, 1_000 + sent * step, roomID: room.id))
            }
        case .video:
            break
        }
    }
}
