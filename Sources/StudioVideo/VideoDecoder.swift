import CFFmpeg
import Foundation
import StudioKit

/// Why a video could not be played: the file, and FFmpeg's reason in its own words.
public struct VideoError: Error, CustomStringConvertible, Hashable, Sendable {
    public var file: String
    public var reason: String
    /// What could not be done with the file: "play" (a decoder's) or "write" (an encoder's).
    package var action = "play"

    public init(file: String, reason: String) {
        self.file = file
        self.reason = reason
    }

    /// An encoder's error: the file could not be written.
    public init(writing file: String, reason: String) {
        self.init(file: file, reason: reason)
        action = "write"
    }

    public var description: String { "cannot \(action) \(file): \(reason)" }

    /// FFmpeg's message for error code `code` after `doing` ("opening it").
    static func ffmpeg(_ file: String, _ code: Int32, _ doing: String) -> VideoError {
        VideoError(file: file, reason: "\(doing): \(message(code))")
    }

    /// The same for an encoder.
    static func ffmpeg(writing file: String, _ code: Int32, _ doing: String) -> VideoError {
        VideoError(writing: file, reason: "\(doing): \(message(code))")
    }

    static func message(_ code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        av_strerror(code, &buffer, buffer.count)
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}

/// Reads a video file's first video stream with FFmpeg (libavformat to demux, libavcodec to
/// decode, libswscale to convert) into `Picture`s of premultiplied BGRA at most `maxSide`
/// pixels on their longer side.
///
/// Not thread-safe: one thread at a time uses a decoder (the player's decoding thread, or
/// the loop thread in lockstep).
package final class VideoDecoder {
    package let path: String
    package let info: VideoInfo
    /// The size pictures are made at: the stream's, scaled down to fit `maxSide`.
    package let outputWidth: Int
    package let outputHeight: Int
    private let exact: Bool
    /// Seconds the last `picture(for:)` spent converting (YUV to BGRA, scaled), for profiling.
    package private(set) var lastConvertSeconds = 0.0
    /// Seconds the decoding (demuxing and decoding, not converting) has taken so far.
    package private(set) var decodeSeconds = 0.0
    /// Frames decoded so far.
    package private(set) var framesDecoded = 0

    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private var scaler: OpaquePointer?
    private let packet: UnsafeMutablePointer<AVPacket>
    private var ahead: UnsafeMutablePointer<AVFrame>
    private var hasAhead = false
    private let streamIndex: Int32
    private let timeBase: Double
    private let startTicks: Int64
    private let source: UInt64
    private var inputEnded = false

    /// Opens `path` and its decoder.
    /// - Throws: `VideoError` naming the file and FFmpeg's reason: missing, not a video, no
    ///   video stream, a codec this FFmpeg cannot decode.
    ///
    /// - Parameter exact: convert with swscale's bit-exact rounding, so that a frame gives the
    ///   same pixels on every processor (goldens, lockstep runs); without it swscale takes its
    ///   fastest paths, which differ in the last bit from machine to machine.
    package init(path: String, maxSide: Int = 1280, exact: Bool = true) throws {
        self.path = path
        self.exact = exact
        FFmpegLog.quiet()
        let name = (path as NSString).lastPathComponent
        // The reason names no flag: the file may come from --video, --opponent-video or a
        // room's configuration, and whoever reports it says which.
        guard !path.isEmpty else { throw VideoError(file: "\"\"", reason: "the path is empty") }
        if let problem = FileProblem.reason(path: path) { throw VideoError(file: path, reason: problem) }
        let opened = try Self.openStream(path)
        let format = opened.format, stream = opened.stream
        let width = opened.width, height = opened.height
        self.format = format
        codec = opened.codec
        streamIndex = opened.index
        let tb = stream.pointee.time_base
        timeBase = tb.den > 0 ? Double(tb.num) / Double(tb.den) : 0
        let start = stream.pointee.start_time
        startTicks = start == cffmpeg_no_pts() ? 0 : start
        var duration = stream.pointee.duration != cffmpeg_no_pts() ? Double(stream.pointee.duration) * timeBase : 0
        if duration <= 0, format.pointee.duration > 0 {
            duration = Double(format.pointee.duration) / Double(cffmpeg_time_base())
        }
        let rate =
            stream.pointee.avg_frame_rate.den > 0
            ? stream.pointee.avg_frame_rate
            : stream.pointee.r_frame_rate
        let fps = rate.den > 0 ? Double(rate.num) / Double(rate.den) : 0
        info = VideoInfo(
            name: name, width: width, height: height, duration: max(0, duration),
            frameRate: fps.isFinite ? fps : 0, codec: opened.codecName)
        let scale = min(1, Double(max(16, maxSide)) / Double(max(width, height)))
        outputWidth = max(2, Int(clamping: (Double(width) * scale / 2).rounded()) * 2)
        outputHeight = max(2, Int(clamping: (Double(height) * scale / 2).rounded()) * 2)
        packet = av_packet_alloc()
        shown = av_frame_alloc()
        ahead = av_frame_alloc()
        source = Picture.source(named: name)
    }

    /// A file opened for decoding: its demuxer, its video stream, and the decoder opened for it.
    private struct Opened {
        let format: UnsafeMutablePointer<AVFormatContext>
        let codec: UnsafeMutablePointer<AVCodecContext>
        let stream: UnsafeMutablePointer<AVStream>
        let index: Int32
        /// The decoder's name ("h264").
        let codecName: String
        let width: Int
        let height: Int
    }

    /// Opens `path`, finds its video stream and opens a decoder for it; the caller owns what
    /// it returns (the decoder's `deinit` frees it).
    /// - Throws: `VideoError` naming the file, after closing what was opened for it.
    private static func openStream(_ path: String) throws -> Opened {
        var opened: UnsafeMutablePointer<AVFormatContext>?
        var status = avformat_open_input(&opened, path, nil, nil)
        guard status >= 0, let format = opened else { throw VideoError.ffmpeg(path, status, "opening it as a media file") }
        var context: UnsafeMutablePointer<AVCodecContext>?
        var ready = false
        // Whatever refuses the file below, what was opened for it is closed.
        defer {
            if !ready {
                avcodec_free_context(&context)
                avformat_close_input(&opened)
            }
        }
        status = avformat_find_stream_info(format, nil)
        guard status >= 0 else { throw VideoError.ffmpeg(path, status, "reading its streams") }
        var decoder: UnsafePointer<AVCodec>?
        let index = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, &decoder, 0)
        guard index >= 0, let stream = format.pointee.streams[Int(index)] else {
            throw VideoError(file: path, reason: "it has no video stream")
        }
        let parameters = stream.pointee.codecpar!
        guard let decoder else {
            let codecName = String(cString: avcodec_get_name(parameters.pointee.codec_id))
            throw VideoError(file: path, reason: "this FFmpeg has no decoder for its codec \(codecName)")
        }
        context = avcodec_alloc_context3(decoder)
        status = context.map { avcodec_parameters_to_context($0, parameters) } ?? -1
        // One thread: the player decodes on a thread of its own already, and frame threads
        // would hold frames back (latency) and compete with the raster workers for the cores.
        context?.pointee.thread_count = 1
        if status >= 0 { status = avcodec_open2(context, decoder, nil) }
        guard status >= 0, let codecContext = context else {
            throw VideoError.ffmpeg(path, status, "opening its \(String(cString: decoder.pointee.name)) decoder")
        }
        let width = Int(parameters.pointee.width), height = Int(parameters.pointee.height)
        guard width > 0, height > 0 else { throw VideoError(file: path, reason: "its video stream has no picture size") }
        ready = true
        return Opened(
            format: format, codec: codecContext, stream: stream, index: index,
            codecName: String(cString: decoder.pointee.name), width: width, height: height)
    }

    deinit {
        sws_freeContext(scaler)
        var p: UnsafeMutablePointer<AVPacket>? = packet
        av_packet_free(&p)
        var a: UnsafeMutablePointer<AVFrame>? = shown
        av_frame_free(&a)
        var b: UnsafeMutablePointer<AVFrame>? = ahead
        av_frame_free(&b)
        avcodec_free_context(&codec)
        avformat_close_input(&format)
    }

    // MARK: Reading

    /// The next frame in stream order, converted; nil at the end of the stream.
    /// - Throws: `VideoError` when the stream cannot be read on.
    package func next() throws -> VideoFrame? {
        guard try (hasAhead || decodeAhead()) else { return nil }
        takeAhead()
        return try shownFrame()
    }

    /// The frame on screen at `time` seconds from the stream's start: the last whose time is
    /// at or before it (the first frame before the first's time; the last after the end).
    /// Decodes forward from where the decoder is when `time` is ahead of it by less than
    /// `seekThreshold` seconds; otherwise seeks to the keyframe before `time` and decodes
    /// forward, as players seek. The same time gives the same frame, whatever came before.
    package func frame(at time: Double, seekThreshold: Double = 2) throws -> VideoFrame? {
        // A hair of slack, so that a time summed from loop steps that lands on a frame's
        // time counts as reaching it.
        let target = (time.isFinite ? max(0, time) : 0) + 1e-6
        let position = hasAhead ? seconds(of: ahead) : hasShown ? seconds(of: shown) : -1
        if !hasShown || target < seconds(of: shown) || target - position > seekThreshold {
            try seek(to: target)
        }
        while try (hasAhead || decodeAhead()) {
            // The first frame is shown even when `time` is before it.
            guard !hasShown || seconds(of: ahead) <= target else { break }
            takeAhead()
        }
        return hasShown ? try shownFrame() : nil
    }

    /// Seeks to the keyframe at or before `time` (seconds) and flushes the decoder: the next
    /// frame decoded comes from there.
    package func seek(to time: Double) throws {
        let ticks = timeBase > 0 ? startTicks + Int64(clamping: Int(clamping: (max(0, time) / timeBase).rounded(.down))) : 0
        let status = av_seek_frame(format, streamIndex, ticks, AVSEEK_FLAG_BACKWARD)
        if status < 0 {
            // Some streams seek only by bytes or not at all: start again from the beginning.
            let again = avformat_seek_file(format, streamIndex, Int64.min, 0, 0, 0)
            guard again >= 0 else { throw VideoError.ffmpeg(path, status, "seeking to \(String(format: "%.3f", time)) s") }
        }
        avcodec_flush_buffers(codec)
        inputEnded = false
        hasAhead = false
        hasShown = false
        converted = nil
    }

    /// The decoded frame now shown, and the one decoded after it (not yet shown).
    private var shown: UnsafeMutablePointer<AVFrame>
    private var hasShown = false
    /// `shown` converted, once asked for.
    private var converted: VideoFrame?

    private func takeAhead() {
        swap(&shown, &ahead)
        hasShown = true
        hasAhead = false
        converted = nil
    }

    private func shownFrame() throws -> VideoFrame {
        if let converted { return converted }
        let frame = try convert(shown)
        converted = frame
        return frame
    }

    /// Decodes the next frame into `ahead`; false at the end of the stream.
    private func decodeAhead() throws -> Bool {
        let begin = DispatchTime.now().uptimeNanoseconds
        defer { decodeSeconds += Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e9 }
        while true {
            let received = avcodec_receive_frame(codec, ahead)
            if received >= 0 {
                framesDecoded += 1
                hasAhead = true
                return true
            }
            if received == cffmpeg_error_eof() {
                // A stream that ends without one picture was never playable (a header that
                // claims a size no decoder takes, every packet damaged): that is a failure,
                // not an empty video.
                if framesDecoded == 0 { throw undecodable() }
                return false
            }
            guard received == cffmpeg_error_again() else { throw VideoError.ffmpeg(path, received, "decoding a frame") }
            if inputEnded {
                if framesDecoded == 0 { throw undecodable() }
                return false
            }
            let read = av_read_frame(format, packet)
            if read < 0 {
                // The end of the file (or of a truncated one): drain what the decoder holds.
                inputEnded = true
                let sent = avcodec_send_packet(codec, nil)
                if sent < 0, sent != cffmpeg_error_eof() { throw VideoError.ffmpeg(path, sent, "finishing the stream") }
                continue
            }
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == streamIndex else { continue }
            // A damaged packet is skipped, as players skip it; the decoder conceals what it can.
            let sent = avcodec_send_packet(codec, packet)
            if sent < 0, sent != cffmpeg_error_again() { refusedPacket = sent }
        }
    }

    /// The decoder's last refusal of a packet, for the reason a stream without a picture gives.
    private var refusedPacket: Int32?

    /// Why no picture came of the stream: FFmpeg's own last error, or the refusal's code.
    private func undecodable() -> VideoError {
        let said = FFmpegLog.takeLastError() ?? refusedPacket.map(VideoError.message)
        let size = "\(info.width)x\(info.height)"
        return VideoError(
            file: path,
            reason: "FFmpeg decoded no picture from its \(info.codec) video (\(size))"
                + (said.map { ": \($0)" } ?? ""))
    }

    /// Seconds from the stream's start of `frame`.
    private func seconds(of frame: UnsafeMutablePointer<AVFrame>) -> Double {
        var ts = frame.pointee.best_effort_timestamp
        if ts == cffmpeg_no_pts() { ts = frame.pointee.pts }
        if ts == cffmpeg_no_pts() { return 0 }
        return Double(ts - startTicks) * timeBase
    }

    /// `frame` scaled and converted to a BGRA picture.
    private func convert(_ frame: UnsafeMutablePointer<AVFrame>) throws -> VideoFrame {
        let begin = DispatchTime.now().uptimeNanoseconds
        defer { lastConvertSeconds = Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e9 }
        let f = frame.pointee
        scaler = sws_getCachedContext(
            scaler, f.width, f.height, AVPixelFormat(rawValue: f.format),
            Int32(outputWidth), Int32(outputHeight), AV_PIX_FMT_BGRA,
            Int32(exact ? SWS_BILINEAR | SWS_ACCURATE_RND | SWS_BITEXACT : SWS_BILINEAR),
            nil, nil, nil)
        guard let scaler else {
            throw VideoError(file: path, reason: "FFmpeg cannot convert its \(f.width)x\(f.height) pictures for drawing")
        }
        var ts = f.best_effort_timestamp
        if ts == cffmpeg_no_pts() { ts = f.pts }
        let time = seconds(of: frame)
        var failed = false
        let picture = Picture(
            width: outputWidth, height: outputHeight,
            identity: .init(source: source, frame: Int(truncatingIfNeeded: ts))
        ) { pixels in
            var destination: [UnsafeMutablePointer<UInt8>?] = [
                UnsafeMutableRawPointer(pixels).assumingMemoryBound(to: UInt8.self),
                nil, nil, nil,
            ]
            var strides: [Int32] = [Int32(outputWidth * 4), 0, 0, 0]
            let planes = withUnsafePointer(to: f.data) { tuple in
                tuple.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { Array(UnsafeBufferPointer(start: $0, count: 8)) }
            }
            let lines = withUnsafePointer(to: f.linesize) { tuple in
                tuple.withMemoryRebound(to: Int32.self, capacity: 8) { Array(UnsafeBufferPointer(start: $0, count: 8)) }
            }
            let rows = sws_scale(scaler, planes, lines, 0, f.height, &destination, &strides)
            failed = rows <= 0
            // A video is opaque: whatever the conversion left in alpha, it shows fully.
            for i in 0..<(outputWidth * outputHeight) { pixels[i] |= 0xFF00_0000 }
        }
        if failed { throw VideoError(file: path, reason: "FFmpeg could not convert a frame for drawing") }
        return VideoFrame(picture: picture, time: time)
    }
}
