import Foundation
import StudioAppCore
import StudioInspection
import StudioKit
import Studios

/// Where the session is and what the viewer did, as `studio dump` prints it and
/// `studio run --state-out` writes it: enough for a test or a script to assert behaviour
/// without reading pixels. Values a studio does not have are left out (a recording alone
/// can be paused; only a room made from a configuration has a live state and a rotation; coins only
/// where a gift panel keeps them).
struct SessionState: Codable, Equatable {
    struct Room: Codable, Equatable {
        var id: Int
        var kind: RoomKind
    }

    /// The current room; during a room change, the one sliding out until the change ends.
    var room: Room
    /// The room's place in the session's list: 0 where the session opened, +1 a swipe up.
    var position: Int
    /// Lite mode as the studio last set it (the slide may still be under way).
    var lite: Bool
    /// preview, live or ended.
    var liveState: String?
    /// Whether the recording is paused (playback rooms only).
    var paused: Bool?
    /// The room's orientation: portrait or landscape.
    var rotation: String?
    /// Taps on this room that sent hearts.
    var heartsSent: Int
    /// The viewer across the session's rooms (`ViewerAccount`): their name, once a room
    /// named them, and every heart they sent.
    var viewer: Viewer?
    struct Viewer: Codable, Equatable {
        var name: String?
        var heartsSent: Int
    }
    /// The toast on screen ("This is the first room"), if any.
    var toast: String?
    /// True once the room was left for good (Esc, the close button, the window closed).
    var closed: Bool
    /// The viewer's coins, where the room has a gift panel: the session's, kept from room
    /// to room.
    var coins: Int?
    /// Comments the viewer sent in this room that the comment list shows.
    var ownComments: Int?
    /// The sheet open over the room (giftPanel, commentComposer, shareSheet, rankDialog).
    var sheet: String?
    /// Whose comment's menu (Reply, Copy, Report) is open in the comment list, if one is.
    var commentMenu: String?
    /// The title of F5's report of configurations not reloaded, while it shows.
    var reloadReport: String?
    /// Super chats pinned now, and whose card is open, where the room shows super chats.
    var superChats: Int?
    var superChatCard: String?
    /// The barrage's display area and the danmaku on screen, where the room has a barrage.
    var danmakuArea: String?
    var danmakuOnScreen: Int?
    /// The video file the displayer shows (its name), or "unavailable" when the one it was
    /// given cannot play; left out while it shows its drawn picture.
    var video: String?
    /// What the room's badge says after its title ("Ended", "2W 1L"), where it has a badge
    /// that says something.
    var badge: String?
    /// The online count the host capsule shows, where the room has one.
    var online: Int?
    /// The text of the newest line in the comment list, where it has one.
    var lastComment: String?

    init(_ driver: StudioDriver) {
        let studio = driver.studio
        room = Room(id: studio.room.id, kind: studio.room.kind)
        // The driver moves its position when a room change begins and its studio when it
        // ends: in between, the position of the room still shown.
        position = driver.state.position - (driver.state.transition?.direction ?? 0)
        lite = studio.isLiteMode
        heartsSent = studio.output.heartsSent
        if let account = studio.environment.shared(ViewerAccount.self) {
            viewer = Viewer(name: account.name, heartsSent: account.heartsSent)
        }
        closed = driver.isFinished
        reloadReport = driver.overlays.lazy.compactMap { ($0 as? ConfigReloadOverlay)?.report?.title }.first
        // A room made from a configuration has these parts; a bench's bare room has none.
        guard let session = studio.part(LiveSession.self), let orientation = studio.part(RoomOrientation.self) else { return }
        liveState = session.liveState.rawValue
        paused = studio.widget(PlaybackBarWidget.self).map { !$0.isPlaying }
        rotation = orientation.isLandscape ? "landscape" : "portrait"
        toast = studio.widget(ToastWidget.self)?.message
        coins = studio.widget(GiftPanelWidget.self)?.coins
        if let danmaku = studio.widget(DanmakuWidget.self) {
            danmakuArea = danmaku.settings.area.rawValue
            danmakuOnScreen = danmaku.onScreen
        }
        if let chats = studio.widget(SuperChatWidget.self) {
            superChats = chats.pinnedCount
            superChatCard = chats.openCard?.user
        }
        if let player = studio.widget(VideoPlayerWidget.self) {
            video = player.videoFailure != nil ? "unavailable" : player.videoFrame.flatMap { _ in player.videoInfo?.name }
        }
        badge = studio.widget(StudioBadgeWidget.self)?.detail
        online = studio.widget(HostInfoWidget.self)?.onlineCount
        if let list = studio.widget(CommentListWidget.self) {
            lastComment = list.comments.last?.text
            ownComments = list.comments.count(where: \.isOwn)
            commentMenu = list.menuLine.map { list.comments[$0].user }
        }
        // Sheets sit in the float layer: its own children, not the whole tree, every frame.
        sheet = studio.layer(.float).children.first { ($0 as? BottomSheetWidget)?.isPresented == true }?.name
    }

    /// One line of JSON, keys sorted.
    func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self) + Data("\n".utf8)
    }

    /// `session: room 101 (audience) position 0 lite false live portrait hearts 0`, then
    /// whatever else the room has.
    var text: String {
        var parts = ["room \(room.id) (\(room.kind))", "position \(position)", "lite \(lite)"]
        if let liveState { parts.append(liveState) }
        if let paused { parts.append(paused ? "paused" : "playing") }
        if let rotation { parts.append(rotation) }
        parts.append("hearts \(heartsSent)")
        if let coins { parts.append("coins \(coins)") }
        if let ownComments, ownComments > 0 { parts.append("own comments \(ownComments)") }
        if let sheet { parts.append("sheet \(sheet)") }
        if let commentMenu { parts.append("comment menu of \(commentMenu)") }
        if let reloadReport { parts.append("reload report \"\(reloadReport)\"") }
        if let superChats, superChats > 0 { parts.append("super chats \(superChats)") }
        if let superChatCard { parts.append("super chat card \(superChatCard)") }
        if let video { parts.append("video \(video)") }
        if let toast { parts.append("toast \"\(toast)\"") }
        if closed { parts.append("closed") }
        return "session: " + parts.joined(separator: " ") + "\n"
    }
}

/// `studio dump --json`: the widget tree's root object, as before, with the session beside
/// its fields (`"session": {...}`), so readers of the tree keep working.
struct DumpDocument: Encodable {
    let tree: WidgetRecord
    let session: SessionState

    private enum Key: String, CodingKey { case session }

    func encode(to encoder: Encoder) throws {
        try tree.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(session, forKey: .session)
    }

    func json() throws -> String { try TreeDump.json(self) }
}

/// `run --state-out`: the session state, written whole (never half a file) each time it
/// changes and once more when the run ends, so a test driving the window can wait for a
/// state by reading the file. A failed write stops the updates with one warning and the
/// run goes on; `finish` then throws, so the command does not exit 0 without the file.
final class SessionStateFile {
    let path: String
    private var last: SessionState?
    private var failure: Error?

    /// Checks the path now, so a bad one is refused before a window opens.
    init(path: String) throws {
        self.path = path
        try OutputFile.check(path, "--state-out")
    }

    /// Writes the state if it changed since the last write. Runs in the frame loop, so the
    /// write is atomic but not synced to disk (see `FileOutput.finish(durable:)`); the
    /// final one, in `finish`, is synced.
    func update(_ driver: StudioDriver, durable: Bool = false) {
        guard failure == nil else { return }
        let state = SessionState(driver)
        guard state != last else { return }
        do {
            try OutputFile.naming("--state-out") { try FileOutput.write(try state.json(), to: path, durable: durable) }
            last = state
        } catch {
            failure = error
            printWarning("\(error); the session state is no longer written")
        }
    }

    /// Writes the final state; throws the first failure, if any.
    func finish(_ driver: StudioDriver) throws {
        last = nil  // the last state again, synced
        update(driver, durable: true)
        if let failure { throw failure }
    }
}
