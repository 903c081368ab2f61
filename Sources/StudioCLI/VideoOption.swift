import StudioKit
import StudioVideo

/// `--video FILE`: the player the commands add to the driver.
enum VideoOption {
    /// A maker of the player for `path`: in lockstep (headless, snapshots) or on its own
    /// thread (a window). A file that cannot be played is named once on standard error; the
    /// rooms then show their own picture with "video unavailable".
    static func player(_ path: String, lockstep: Bool) -> (StudioDriver) -> IOComponent {
        { driver in
            let player = VideoPlayer(path: path, inbox: driver.inbox, lockstep: lockstep, lead: driver.loop.step)
            if let failure = player.failure { printWarning("--video: \(failure); the rooms show their own picture") }
            return player
        }
    }
}
