import StudioDomain
import StudioKit

extension VideoPlayerWidget: CatalogWidget {
    package static let catalogName = "video"
    package static var defaultLevel: Double { Levels.video }

    /// Options: `connectSeconds` (0...10, default 0.6), how long the picture takes to fade
    /// in; `label` (live, replay, preview; default live), what its corner badge says;
    /// `stream` (portrait, landscape; default portrait), the stream's shape: a landscape one
    /// is letterboxed at the top of the portrait page; `file` (a path under Assets, default
    /// none), a video this kind's rooms play when the app has a video player, over the one
    /// `--video` gives every room; `endCard` (default true), whether a stream that ended
    /// holds its last frame, dimmed, with "Live ended" (the host's studio says so on its
    /// panel). Two-camera rooms put a second picture over it (`pkOpponent`, `coStreamWindow`).
    package static func make(level: Double, options: WidgetOptions) throws -> Widget {
        let widget = VideoPlayerWidget(level: level)
        widget.connectDuration = try options.double("connectSeconds", default: widget.connectDuration, in: 0...10)
        let label = try options.choice("label", default: "live", allowed: VideoLabel.allCases.map(\.rawValue))
        widget.label = VideoLabel(rawValue: label)!
        let stream = try options.choice("stream", default: "portrait", allowed: VideoStream.allCases.map(\.rawValue))
        widget.stream = VideoStream(rawValue: stream)!
        widget.file = try options.assetPath("file")
        widget.endCard = try options.bool("endCard", default: true)
        try options.finish()
        return widget
    }
}
