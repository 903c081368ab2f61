import StudioKit
import StudioProfiler

extension FrameCounters {
    /// The video players' counters from their latest progress notes, every stream together
    /// (a PK room decodes two): frames shown, dropped and queued, and the time decoding and
    /// converting a frame of each takes, added (all 0 without a video).
    package mutating func setVideo(from progress: [VideoProgress]) {
        guard !progress.isEmpty else { return }
        videoShown = progress.reduce(0) { $0 + $1.shown }
        videoDropped = progress.reduce(0) { $0 + $1.dropped }
        videoQueued = progress.reduce(0) { $0 + $1.queued }
        videoQueueBytes = progress.reduce(0) { $0 + $1.queuedBytes }
        videoDecodeMicros = Int(clamping: (progress.reduce(0) { $0 + $1.decodeMilliseconds } * 1000).rounded())
        videoConvertMicros = Int(clamping: (progress.reduce(0) { $0 + $1.convertMilliseconds } * 1000).rounded())
    }
}
