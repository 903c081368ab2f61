import StudioDomain
import StudioKit

/// A widget that shows real video streams (the displayer; PK's split screen for the
/// opponent's): the profilers read their players' latest progress through it, so the
/// bench, the HUD and traces count every stream a room decodes.
package protocol VideoStreamWidget: Widget {
    /// The latest progress of each stream this widget is the one to show (none before a
    /// player reports).
    var streamProgress: [VideoProgress] { get }
}

extension VideoPlayerWidget: VideoStreamWidget {
    package var streamProgress: [VideoProgress] { videoProgress.map { [$0] } ?? [] }
}

extension PKOpponentWidget: VideoStreamWidget {
    /// The opponent's: the room's own stream is the displayer's.
    package var streamProgress: [VideoProgress] { opponentProgress.map { [$0] } ?? [] }
}
