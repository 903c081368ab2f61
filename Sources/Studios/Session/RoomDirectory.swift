import StudioDomain
import StudioFeed
import StudioKit
import StudioWidgets

/// Where a session looks up the room a scheme names: host, title, cover, audience. The demo
/// directory has one room of each kind; an id it does not know gets a plain generated room,
/// so any `studio://room/<id>?type=<kind>` opens.
public struct RoomDirectory: Sendable {
    public let rooms: [RoomInfo]
    /// Whether a live server says how many watch and how long the stream has run: each
    /// room then starts at 0 of both, not at the directory's numbers.
    private var serverCounts = false

    public init(rooms: [RoomInfo] = RoomDirectory.demoRooms) { self.rooms = rooms }

    /// The same rooms, whose online count and stream age a live server says (`--live`).
    package var countedByServer: RoomDirectory {
        var copy = self
        copy.serverCounts = true
        return copy
    }

    /// The room `scheme` names; the scheme's `type` wins over the directory's kind.
    public func room(for scheme: Scheme) -> RoomInfo {
        var room =
            rooms.first { $0.id == scheme.id }
            ?? RoomInfo(
                id: scheme.id, kind: StudioKinds.audience, title: "Room \(scheme.id)",
                hostName: "Host \(scheme.id)", cover: ImageRef("cover-\(scheme.id % 5 + 1)"),
                onlineCount: 1000 + scheme.id % 9000)
        if let kind = scheme.kind { room.kind = kind }
        if serverCounts { (room.onlineCount, room.liveFor) = (0, 0) }
        if room.liveFor == nil { room.liveFor = Self.streamAge(room.id) }
        return room
    }

    /// How long a room's stream has been live, when the directory does not say: from 5
    /// minutes to just over 2 hours, the same for a room every time.
    static func streamAge(_ id: Int) -> Double { Double(300 + (id &* 7919 % 7200 + 7200) % 7200) }

    /// One scheme per room, in directory order.
    package var schemes: [Scheme] { rooms.map { .room($0.id, kind: $0.kind) } }

    /// One room of each of the ten kinds.
    public static let demoRooms: [RoomInfo] = [
        RoomInfo(
            id: 101, kind: StudioKinds.audience, title: "Sunset acoustic session", hostName: "Luna",
            cover: ImageRef("cover-1"), onlineCount: 12_345),
        RoomInfo(
            id: 102, kind: StudioKinds.shopping, title: "Spring sale: sneakers", hostName: "Mia",
            cover: ImageRef("cover-2"), onlineCount: 48_210),
        RoomInfo(
            id: 103, kind: StudioKinds.hostsLoop, title: "Non-stop talent relay", hostName: "Relay",
            cover: ImageRef("cover-3"), onlineCount: 9_870),
        RoomInfo(
            id: 104, kind: StudioKinds.pk, title: "PK night: Marco vs 小林", hostName: "Marco",
            cover: ImageRef("cover-4"), onlineCount: 230_400),
        RoomInfo(
            id: 105, kind: StudioKinds.financial, title: "Market open: tech stocks", hostName: "Dr. Chen",
            cover: ImageRef("cover-5"), onlineCount: 6_540),
        RoomInfo(
            id: 106, kind: StudioKinds.coStream, title: "Ask me anything, live guests", hostName: "Aiyana",
            cover: ImageRef("cover-1"), onlineCount: 15_002),
        RoomInfo(
            id: 107, kind: StudioKinds.playback, title: "Replay: 深夜食堂 红烧肉", hostName: "小林",
            cover: ImageRef("cover-3"), onlineCount: 1_288),
        RoomInfo(
            id: 108, kind: StudioKinds.quiz, title: "Million quiz night", hostName: "Quizmaster Q",
            cover: ImageRef("cover-2"), onlineCount: 88_800),
        RoomInfo(
            id: 109, kind: StudioKinds.claw, title: "Remote claw machine", hostName: "Claw Bot",
            cover: ImageRef("cover-4"), onlineCount: 3_333),
        RoomInfo(
            id: 110, kind: StudioKinds.host, title: "My stream", hostName: "You",
            cover: ImageRef("cover-5"), onlineCount: 0),
    ]
}
