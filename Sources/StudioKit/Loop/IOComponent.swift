/// An I/O component: it takes Controls from the driver and emits Notes into the
/// driver's inbox, and talks to nothing else. The server feed and the video player are
/// I/O components; so is the platform input, though it has its own protocol (`Backend`).
///
/// `handle` is called on the loop thread and must not block: a component that works on
/// another thread queues the control for it. Notes come back only through the inbox, so a
/// component never calls into the studio, and the driver never waits for a component.
public protocol IOComponent: AnyObject {
    func handle(_ control: DriverControl)
}

/// What the driver tells its I/O components.
public enum DriverControl: Hashable, Sendable {
    /// A room became current (after a transition, or at start).
    case roomEntered(RoomInfo)
    /// The current room was left.
    case roomLeft(RoomInfo)
    /// Simulated time reached `time` seconds (sent once per frame, after the update phase).
    /// A lockstep component produces its notes up to `time` here; a real-time one may ignore it.
    case advance(to: Double)
    /// A widget asked the player of a channel for something (`VideoKeys.request`).
    case video(VideoControl, on: VideoChannel = .main)
    /// The driver is shutting down: stop threads, release resources.
    case shutdown
}
