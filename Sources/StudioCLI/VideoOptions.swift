import ArgumentParser
import Foundation
import StudioKit
import StudioVideo

/// `--video FILE` and `--opponent-video FILE`, and the videos rooms' configurations name:
/// the players the commands add to the driver, one for each `VideoChannel`.
struct VideoOptions: ParsableArguments {
    @Option(
        help: "A video file (anything FFmpeg reads: MP4, MKV, WebM...) the displayer plays in every room, from its start in each, looping.")
    var video: String?

    @Option(
        help: "A video file the PK room's opponent half plays (the right picture of the split screen); without one it shows a drawn feed.")
    var opponentVideo: String?

    /// Makers of the two players, in lockstep (headless, snapshots: decoded in step with the
    /// frames, so the same time gives the same picture) or each on its own thread (a window).
    /// `main` is the room's stream (`--video`, or the bench's default clip).
    func players(main: String?, lockstep: Bool, assets: URL) -> [(StudioDriver) -> IOComponent] {
        [
            Self.player(main, channel: .main, flag: "--video", lockstep: lockstep, assets: assets),
            Self.player(opponentVideo, channel: .opponent, flag: "--opponent-video", lockstep: lockstep, assets: assets),
        ]
    }

    func players(lockstep: Bool, assets: URL) -> [(StudioDriver) -> IOComponent] {
        players(main: video, lockstep: lockstep, assets: assets)
    }

    /// For a command that makes an artefact (a picture, a dump, a recording, a report): the
    /// flags' own files, opened as their players will open them and their first picture
    /// decoded (a stream FFmpeg opens may still give none), so that one that cannot play
    /// fails the command before it runs, with the reason `run` only warns with. A
    /// golden or a recording made without the video it names is not the one asked for, and
    /// in a CI job it would pass. `main` is the room's stream, when not `--video`.
    func requirePlayable(main: String? = nil) throws {
        for (path, flag) in [(main ?? video, "--video"), (opponentVideo, "--opponent-video")] {
            guard let path else { continue }
            do {
                _ = try VideoDecoder(path: path).next()
            } catch {
                throw UnplayableVideoError(flag: flag, reason: "\(error)")
            }
        }
    }

    /// A maker of the player of `channel`, playing `path` (nil: only in rooms that name a
    /// file, under `assets`). A `path` that cannot be played is named once on standard
    /// error with its flag; the rooms then show their own picture with "video unavailable".
    /// So is each file a room's configuration names that cannot be played, and each stream
    /// that errors midway, once.
    private static func player(
        _ path: String?, channel: VideoChannel, flag: String, lockstep: Bool,
        assets: URL
    ) -> (StudioDriver) -> IOComponent {
        { driver in
            let player = VideoPlayer(
                path: path, channel: channel, inbox: driver.inbox, lockstep: lockstep,
                lead: driver.loop.step, assets: assets
            ) { failure in
                // The flag's own file is named with the flag; a room's file by its path alone.
                printWarning((failure.file == path ? "\(flag): " : "") + "\(failure); the rooms that play it show their own picture")
            }
            if let failure = player.failure { printWarning("\(flag): \(failure); the rooms show their own picture") }
            return player
        }
    }
}

/// A `--video` or `--opponent-video` a command that makes an artefact cannot play.
struct UnplayableVideoError: Error, CustomStringConvertible {
    var flag: String
    var reason: String
    var description: String {
        "\(flag): \(reason); a command that makes a file needs the video it names (leave \(flag) out for the rooms' drawn picture)"
    }
}
