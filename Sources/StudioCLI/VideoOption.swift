import Foundation
import StudioKit
import StudioVideo

/// `--video FILE`, and the videos rooms' configurations name: the player the commands add
/// to the driver.
enum VideoOption {
    /// A maker of the player: in lockstep (headless, snapshots) or on its own thread (a
    /// window), playing `path` in every room (nil: only in rooms that name a file, under
    /// `assets`). A `path` that cannot be played is named once on standard error; the rooms
    /// then show their own picture with "video unavailable".
    static func player(_ path: String?, lockstep: Bool, assets: URL) -> (StudioDriver) -> IOComponent {
        { driver in
            let player = VideoPlayer(path: path, inbox: driver.inbox, lockstep: lockstep, lead: driver.loop.step,
                                     assets: assets)
            if let failure = player.failure { printWarning("--video: \(failure); the rooms show their own picture") }
            return player
        }
    }
}
