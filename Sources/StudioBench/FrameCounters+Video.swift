import StudioKit
import StudioProfiler

extension FrameCounters {
    /// The video player's counters from its latest progress note (all 0 without a video).
    public mutating func setVideo(from progress: VideoProgress?) {
        guard let progress else { return }
        videoDropped = progress.dropped
        videoQueued = progress.queued
        videoDecodeMicros = Int(clamping: (progress.decodeMilliseconds * 1000).rounded())
        videoConvertMicros = Int(clamping: (progress.convertMilliseconds * 1000).rounded())
    }
}
