import StudioKit

/// Type D, a loop of hosts taking turns in one room: the hosts-loop widget
/// counts down each turn and hands over; the studio keeps who is on stage, shows it on the
/// badge and tells the room in the comments.
public final class HostsLoopStudio: BasicBusinessStudio, StudioKind {
    public static let kind = StudioKinds.hostsLoop
    public static let requiredWidgets = [HostsLoopWidget.catalogName]

    /// The host on stage now.
    public private(set) var currentHost = ""
    /// Hand-overs so far.
    public private(set) var rotations = 0

    public override func studioDidLoad() {
        super.studioDidLoad()
        listen(to: .hostRotated)
        currentHost = room.hostName
        setBadgeDetail("Now: \(currentHost)")
    }

    public override func onEvent(_ name: EventName, sender: AnyObject?, userInfo: EventPayload) {
        guard name == .hostRotated, let host = userInfo.text else { return }
        currentHost = host
        rotations += 1
        setBadgeDetail("Now: \(host)")
        postRoomNotice("\(host) takes the stage", from: "Relay")
    }
}
