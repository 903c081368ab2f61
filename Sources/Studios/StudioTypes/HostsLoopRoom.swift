import StudioDomain
import StudioFeed
import StudioKit
import StudioWidgets

/// The hosts-loop kind, a loop of hosts taking turns in one room: the hosts-loop widget counts down each
/// turn and announces the hand-over; the studio keeps who is on stage and hands the whole
/// room over at once, in the frame the hand-over is delivered: the host card's name and
/// avatar, the video (the new host's own look), the badge, and the comments (a "Now on
/// stage" line, then the new host's audience greeting them by name over the next seconds,
/// chosen with the studio's seeded random).
public final class HostsLoopRoom: RoomPart, StudioKind {
    public let link = RoomLink()

    public init() {}

    public static let kind = StudioKinds.hostsLoop
    public static let requiredWidgets = [HostsLoopWidget.catalogName]

    /// The host on stage now.
    package private(set) var currentHost = ""
    /// Hand-overs so far.
    package private(set) var rotations = 0
    /// Greetings for the host on stage still to come, in order: the step time each is due
    /// at, and the comment.
    private var greetings: [(due: Double, comment: Comment)] = []

    /// What the audience says when a host takes the stage (`%@` is the host).
    static let greetingLines = ["Welcome %@!", "%@ is here!!", "Hi %@, missed you", "Go go %@", "%@ 来了!", "Finally %@"]
    /// Greetings after each hand-over, and the seconds between them.
    static let greetingCount = 3
    static let greetingSpacing = 0.9...1.6

    public func roomDidLoad() {
        listen(to: .hostRotated) { $0.handOver(to: $1) }
        currentHost = room.room.hostName
        room.badgeDetail?.detail = "Now: \(currentHost)"
    }

    /// Everything a viewer sees of the host changes here, together.
    private func handOver(to host: String) {
        currentHost = host
        rotations += 1
        room.badgeDetail?.detail = "Now: \(host)"
        for case let widget as ShowsHost in room.root.subtree() { widget.showHost(host) }
        if let video = room.widget(VideoPlayerWidget.self) {
            video.showLook(VideoLook.forPerson(host, unlike: video.currentLook))
        }
        room.notices?.postNotice("Now on stage: \(host)", from: "Relay")
        // The previous host's greetings are not for this one; a live server's room has only
        // its server's comments.
        greetings = []
        guard !room.environment.isFedByLiveServer else { return }
        // The hand-over is delivered before this step's update: time is still the last step's.
        var due = room.environment.time
        for _ in 0..<Self.greetingCount {
            due += room.environment.random.double(in: Self.greetingSpacing)
            let user = room.environment.random.pick(FeedContent.users)
            let text = room.environment.random.pick(Self.greetingLines).replacingOccurrences(of: "%@", with: host)
            greetings.append((due, Comment(user: user, text: text, userColor: FeedGenerator.color(of: user))))
        }
    }

    /// Posts the greetings that are due, then runs the room.room.
    public func willUpdate(_ step: FrameStep) {
        while let first = greetings.first, first.due <= step.time {
            greetings.removeFirst()
            publish(.commentArrived, first.comment)
        }
    }
}

/// A widget that names the room's host (the card, the share sheet, the gift panel's tip):
/// a hand-over tells it who is on stage now.
protocol ShowsHost: AnyObject {
    func showHost(_ name: String)
}

extension HostInfoWidget: ShowsHost {}
extension ShareSheetWidget: ShowsHost {}
extension GiftPanelWidget: ShowsHost {}
