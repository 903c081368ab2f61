import CFFmpeg

/// FFmpeg's own log: errors only. Its encoders and filters report statistics at the info
/// level on standard error, which would bury the commands' output; every failure that
/// matters comes back as an error code, which `VideoError` words.
enum FFmpegLog {
    private static let once: Void = { av_log_set_level(AV_LOG_ERROR) }()

    static func quiet() { _ = once }
}
