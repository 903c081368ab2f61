/// One duty a room is composed of beyond its lifecycle, input and layers: the live session,
/// the orientation, the hearts, the room's messages and badge, which every configured room
/// has, and whatever its kind adds (a PK's rounds). A part is a class behind this protocol,
/// not a subclass of anything: every hook has a default, and the one stored property it
/// needs is its `link` to the room.
///
///     final class Scoreboard: RoomPart, ScoreboardService {
///         let link = RoomLink()
///         func roomDidLoad() { listen(to: .prizeWon) { board, prize in board.add(prize) } }
///     }
///
/// A part listens and publishes in its room's announcer (`EventListener`); its subscriptions
/// end with the room. A part that conforms to a service protocol provides that service to
/// the room's widgets and to the other parts, and it reaches the other parts only through
/// their services (`room.service(_:)`). The room calls the hooks in the order its parts
/// were given.
public protocol RoomPart: EventListener {
    /// The part's tie to its room, set when the room is made.
    var link: RoomLink { get }
    /// The services the part cannot work without, from the room or its other parts: a room
    /// made with the part and without one of them is refused (`MissingPartServiceError`).
    static var requiredServices: [RoomServiceKey] { get }
    /// After every widget of the room loaded: the place to listen and to find widgets.
    func roomDidLoad()
    /// Each fixed step, before the widgets update.
    func willUpdate(_ step: FrameStep)
    /// Each fixed step, after the widgets updated.
    func didUpdate(_ step: FrameStep)
    /// Whether the room lets this server note reach its widgets. Every part must admit a
    /// note for it to pass.
    func admits(_ note: StudioNote) -> Bool
    /// Adds what the part counted to what the room hands back when it is left.
    func contribute(to output: inout StudioOutput)
}

extension RoomPart {
    public static var requiredServices: [RoomServiceKey] { [] }
    public func roomDidLoad() {}
    public func willUpdate(_ step: FrameStep) {}
    public func didUpdate(_ step: FrameStep) {}
    public func admits(_ note: StudioNote) -> Bool { true }
    public func contribute(to output: inout StudioOutput) {}

    /// The room the part is in. Valid from the room's init on, which is before any hook
    /// runs; a part used outside a room is a programming error, and stops there.
    public var room: Room {
        guard let room = link.room else { preconditionFailure("\(Self.self) is used before a room was made with it") }
        return room
    }

    public var roomAnnouncer: Announcer? { link.room?.announcer }

    public func keep(_ token: SubscriptionToken) { link.subscriptions.append(token) }
}

/// A part's tie to its room: the room (weak, since the room owns its parts) and the part's
/// subscriptions, which end with the part.
public final class RoomLink {
    fileprivate(set) weak var room: Room?
    fileprivate var subscriptions: [SubscriptionToken] = []

    public init() {}

    func join(_ room: Room) { self.room = room }
}

/// A part written for an earlier release, whose load hook had another name: the room calls
/// it after `roomDidLoad()`, as that release did.
package protocol PartWrittenForAnEarlierRelease: RoomPart {
    func runEarlierLoadHooks()
}
