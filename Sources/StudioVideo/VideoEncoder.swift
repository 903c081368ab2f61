import CFFmpeg
import Foundation
import StudioKit

/// Writes frames (premultiplied BGRA, opaque) to a video file with FFmpeg: MP4 with H.264
/// through libx264 where Debian's FFmpeg has it, MPEG-4 part 2 otherwise; GIF through
/// FFmpeg's paletteuse, with one palette for the whole file that a `GIFPaletteSurvey` of
/// the same frames chose first.
///
/// The file is written under a temporary name beside `path` and renamed into place by
/// `finish()`, so no one sees half a file; a failure removes it. A `fragmented` MP4 is
/// written the other way: as fragments of about a second, each complete on its own, under
/// a visible name (`name.partial.mp4`), so that a file cut off by a crash or a power cut
/// still plays up to its last fragment, and the temporary file is left for the user.
package final class VideoEncoder {
    package enum Format: String, Sendable, CaseIterable {
        case mp4, gif

        /// The format a file name asks for by its extension, if one of these.
        package init?(path: String) { self.init(rawValue: (path as NSString).pathExtension.lowercased()) }
    }

    package let path: String
    package let format: Format
    package let width: Int
    package let height: Int
    package let fps: Int
    /// The encoder used ("libx264", "mpeg4", "gif").
    package let codecName: String
    /// Frames written so far.
    package private(set) var frames = 0
    /// True for an MP4 written as self-contained fragments (see the type's description).
    package let fragmented: Bool

    private let temporary: String
    private var output: UnsafeMutablePointer<AVFormatContext>?
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private let stream: UnsafeMutablePointer<AVStream>
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var scaler: OpaquePointer?
    private var graph: UnsafeMutablePointer<AVFilterGraph>?
    private var source: UnsafeMutablePointer<AVFilterContext>?
    private var sink: UnsafeMutablePointer<AVFilterContext>?
    private var finished = false

    /// Opens the file for `width` x `height` frames at `fps` a second (sizes rounded down to
    /// even numbers, as 4:2:0 video needs).
    /// - Parameter threads: the encoder's threads (0: as many as FFmpeg picks for the machine).
    /// - Parameter fragmented: an MP4 that survives being cut off (ignored for a GIF).
    /// - Throws: `VideoError` naming the file: no encoder, a path FFmpeg cannot open.
    package init(
        path: String, format: Format, width: Int, height: Int, fps: Int, threads: Int = 0,
        fragmented: Bool = false, palette: GIFPalette? = nil
    ) throws {
        self.path = path
        self.format = format
        self.width = max(2, width / 2 * 2)
        self.height = max(2, height / 2 * 2)
        self.fps = max(1, fps)
        self.fragmented = fragmented && format == .mp4
        FFmpegLog.quiet()
        temporary = Self.temporaryPath(for: path, fragmented: self.fragmented)

        var output: UnsafeMutablePointer<AVFormatContext>?
        var status = avformat_alloc_output_context2(&output, nil, format.rawValue, temporary)
        guard status >= 0, let output else { throw VideoError.ffmpeg(writing: path, status, "setting up a \(format.rawValue) file") }
        self.output = output
        let encoder = Self.findEncoder(for: format)
        guard let encoder, let stream = avformat_new_stream(output, nil), let context = avcodec_alloc_context3(encoder) else {
            avformat_free_context(output)
            throw VideoError(writing: path, reason: "this FFmpeg has no \(format == .gif ? "GIF" : "H.264 or MPEG-4") encoder")
        }
        self.stream = stream
        codec = context
        codecName = String(cString: encoder.pointee.name)
        Self.configure(
            context, codecName: codecName, format: format, width: self.width, height: self.height,
            fps: self.fps, threads: threads, fragmented: self.fragmented, output: output)
        stream.pointee.time_base = context.pointee.time_base
        status = Self.openFile(
            context, encoder: encoder, stream: stream, output: output, temporary: temporary,
            fragmented: self.fragmented)
        guard status >= 0 else {
            let error = VideoError.ffmpeg(writing: path, status, "opening it for writing with \(codecName)")
            close(removing: true)
            throw error
        }
        packet = av_packet_alloc()
        frame = av_frame_alloc()
        if format == .gif {
            guard let palette else {
                close(removing: true)
                throw VideoError(writing: path, reason: "a GIF is written with the palette of its run (GIFPaletteSurvey)")
            }
            try makePaletteGraph(palette)
        } else {
            try makeYUVFrame()
        }
    }

    deinit { close(removing: !finished) }

    /// The encoder for `format`: H.264 through libx264 where this FFmpeg has it, MPEG-4 part 2
    /// otherwise; FFmpeg's own for a GIF.
    private static func findEncoder(for format: Format) -> UnsafePointer<AVCodec>? {
        switch format {
        case .mp4: return avcodec_find_encoder_by_name("libx264") ?? avcodec_find_encoder(AV_CODEC_ID_MPEG4)
        case .gif: return avcodec_find_encoder(AV_CODEC_ID_GIF)
        }
    }

    /// Sets up the encoder's `context` for the file (`output`): picture size, rate, pixel
    /// format, threads, and for an MP4 the keyframe interval and the quality.
    private static func configure(
        _ context: UnsafeMutablePointer<AVCodecContext>, codecName: String, format: Format,
        width: Int, height: Int, fps: Int, threads: Int, fragmented: Bool,
        output: UnsafeMutablePointer<AVFormatContext>
    ) {
        context.pointee.width = Int32(width)
        context.pointee.height = Int32(height)
        context.pointee.time_base = AVRational(num: 1, den: Int32(fps))
        context.pointee.framerate = AVRational(num: Int32(fps), den: 1)
        context.pointee.pix_fmt = format == .gif ? AV_PIX_FMT_PAL8 : AV_PIX_FMT_YUV420P
        context.pointee.thread_count = Int32(clamping: max(0, threads))
        if format == .mp4 {
            // A keyframe a second when fragmented, each starting a fragment: a cut-off file
            // loses at most the last second.
            context.pointee.gop_size = Int32(fps * (fragmented ? 1 : 2))
            // No B-frames: each frame is stored in the order shown, so its decoding time is its
            // showing time and it lasts until the next one's. With B-frames the encoder gives
            // decoding times in steps of one frame behind the showing times, and the muxer
            // takes each frame's length from them: a recording that skipped frames (0, 1, 2,
            // then 29) came out a few frames long instead of a second.
            context.pointee.max_b_frames = 0
            if codecName == "libx264" {
                av_opt_set(context.pointee.priv_data, "preset", "veryfast", 0)
                av_opt_set(context.pointee.priv_data, "crf", "20", 0)
            } else {
                context.pointee.bit_rate = Int64(width * height * fps / 4)
            }
        }
        if output.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 {
            context.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER)
        }
    }

    /// Opens the encoder, gives `stream` its parameters, opens `temporary` and writes the
    /// file's header: FFmpeg's status, negative from the first step that failed. What it
    /// opened is freed with the rest by `close`.
    private static func openFile(
        _ context: UnsafeMutablePointer<AVCodecContext>, encoder: UnsafePointer<AVCodec>,
        stream: UnsafeMutablePointer<AVStream>, output: UnsafeMutablePointer<AVFormatContext>,
        temporary: String, fragmented: Bool
    ) -> Int32 {
        var status = avcodec_open2(context, encoder, nil)
        if status >= 0 { status = avcodec_parameters_from_context(stream.pointee.codecpar, context) }
        if status >= 0 { status = avio_open(&output.pointee.pb, temporary, AVIO_FLAG_WRITE) }
        if status >= 0 {
            var options: OpaquePointer?
            if fragmented {
                av_dict_set(&options, "movflags", "frag_keyframe+empty_moov+default_base_moof", 0)
                // Each fragment reaches the file as it is written, not when a buffer fills.
                output.pointee.flags |= AVFMT_FLAG_FLUSH_PACKETS
            }
            status = avformat_write_header(output, &options)
            av_dict_free(&options)
        }
        return status
    }

    /// Where the file is written until `finish()`: hidden beside `path`, or, fragmented,
    /// visible (`name.partial.mp4`), since what it holds plays.
    package static func temporaryPath(for path: String, fragmented: Bool) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let prefix = folder.isEmpty ? "" : folder + "/"
        if fragmented { return prefix + (name as NSString).deletingPathExtension + ".partial.mp4" }
        return (folder.isEmpty ? "." : folder) + "/." + name + ".\(getpid()).partial"
    }

    /// Adds one frame: `pixels` are `width` x `height` premultiplied BGRA values, opaque.
    /// - Throws: `VideoError` when FFmpeg cannot encode or write it (a full disk).
    package func append(_ pixels: UnsafePointer<UInt32>) throws {
        try append(pixels, width: width, height: height, at: nextIndex)
    }

    /// Adds one frame of an MP4 from a source of any size (a window's frame, which a resize
    /// changes), scaled to the file's, shown from frame `index` (at least the one after the
    /// last): a recording that could not keep up leaves a gap, and the frame before it
    /// shows for longer, so the file keeps the run's own timing. A GIF takes only its own
    /// size, frame after frame.
    /// - Throws: `VideoError` when FFmpeg cannot scale, encode or write it (a full disk).
    package func append(_ pixels: UnsafePointer<UInt32>, width sourceWidth: Int, height sourceHeight: Int, at index: Int) throws {
        guard let frame else { return }
        let bytes = UnsafeRawPointer(pixels).assumingMemoryBound(to: UInt8.self)
        let pts = Int64(max(index, nextIndex))
        switch format {
        case .mp4:
            guard av_frame_make_writable(frame) >= 0 else { throw VideoError(writing: path, reason: "out of memory for a frame") }
            scaler = sws_getCachedContext(
                scaler, Int32(sourceWidth), Int32(sourceHeight), AV_PIX_FMT_BGRA,
                Int32(width), Int32(height), AV_PIX_FMT_YUV420P, Self.scalerFlags, nil, nil, nil)
            guard scaler != nil else {
                throw VideoError(writing: path, reason: "FFmpeg cannot convert \(sourceWidth)x\(sourceHeight) frames")
            }
            var sourcePlanes: [UnsafePointer<UInt8>?] = [bytes, nil, nil, nil]
            var sourceStrides: [Int32] = [Int32(sourceWidth * 4), 0, 0, 0]
            withFramePlanes(frame) { planes, strides in
                _ = sws_scale(scaler, &sourcePlanes, &sourceStrides, 0, Int32(sourceHeight), planes, strides)
            }
            frame.pointee.pts = pts
            try encode(frame)
        case .gif:
            guard sourceWidth == width, sourceHeight == height else {
                throw VideoError(writing: path, reason: "a GIF takes \(width)x\(height) frames, not \(sourceWidth)x\(sourceHeight)")
            }
            var input: UnsafeMutablePointer<AVFrame>? = try FilterChain.bgraFrame(
                pixels, width: width, height: height, pts: pts, path: path)
            defer { av_frame_free(&input) }
            let status = av_buffersrc_add_frame(source, input)
            guard status >= 0 else { throw VideoError.ffmpeg(writing: path, status, "making the GIF's palette") }
            try drainGraph()
        }
        frames += 1
        nextIndex = Int(pts) + 1
    }

    /// The frame index the next frame takes at the earliest.
    private var nextIndex = 0
    /// Bilinear with exact rounding: the same bytes for the same frames on every run.
    private static let scalerFlags = Int32(SWS_BILINEAR | SWS_ACCURATE_RND | SWS_BITEXACT)

    /// Flushes the encoder, writes the trailer and moves the file into place.
    /// - Throws: `VideoError` naming the file when any of that fails (the partial file is removed).
    package func finish() throws {
        guard !finished else { return }
        do {
            if format == .gif {
                _ = av_buffersrc_add_frame(source, nil)
                try drainGraph()
            }
            try encode(nil)
            let status = av_write_trailer(output)
            guard status >= 0 else { throw VideoError.ffmpeg(writing: path, status, "finishing the file") }
            let closed = avio_closep(&output!.pointee.pb)
            guard closed >= 0 else { throw VideoError.ffmpeg(writing: path, closed, "closing the file") }
            guard rename(temporary, path) == 0 else {
                throw VideoError(writing: path, reason: "moving the finished file into place: \(String(cString: strerror(errno)))")
            }
            finished = true
            close(removing: false)
        } catch {
            close(removing: true)
            throw error
        }
    }

    // MARK: Steps

    private func makeYUVFrame() throws {
        guard let frame else { return }
        frame.pointee.width = Int32(width)
        frame.pointee.height = Int32(height)
        frame.pointee.format = AV_PIX_FMT_YUV420P.rawValue
        guard av_frame_get_buffer(frame, 0) >= 0 else { throw VideoError(writing: path, reason: "out of memory for a frame") }
    }

    /// buffer (BGRA) + buffer (the palette, once) -> paletteuse -> buffersink (PAL8).
    ///
    /// An ordered (Bayer) dither, not an error-diffusing one: it maps a pixel to the same
    /// index whatever its neighbours do, so a still part of the room stays the same bytes
    /// from frame to frame, and the encoder leaves it out. `diff_mode=rectangle` dithers only
    /// the part that changed. Bayer scale 5 is the finest of its patterns that still hides
    /// the steps in the room's gradients.
    private func makePaletteGraph(_ palette: GIFPalette) throws {
        graph = avfilter_graph_alloc()
        let doing = "setting up the GIF's palette filters"
        let filters = try FilterChain.open(
            graph, path: path, doing: doing,
            sources: [
                ("in", FilterChain.bgraSource(width: width, height: height, fps: fps)),
                ("palette", FilterChain.bgraSource(width: 16, height: 16, fps: fps)),
            ],
            chain: "[in][palette]paletteuse=dither=bayer:bayer_scale=5:diff_mode=rectangle")
        source = filters.sources[0]
        sink = filters.sink
        // The palette is sent once and its input ended: paletteuse keeps the last palette
        // for every later frame.
        let frame = try palette.bgra.withUnsafeBytes {
            try FilterChain.bgraFrame($0.baseAddress!.assumingMemoryBound(to: UInt32.self), width: 16, height: 16, pts: 0, path: path)
        }
        defer {
            var f: UnsafeMutablePointer<AVFrame>? = frame
            av_frame_free(&f)
        }
        var status = av_buffersrc_add_frame(filters.sources[1], frame)
        if status >= 0 { status = av_buffersrc_add_frame(filters.sources[1], nil) }
        guard status >= 0 else { throw VideoError.ffmpeg(writing: path, status, doing) }
    }

    /// Encodes every frame the palette graph has ready.
    private func drainGraph() throws {
        guard let frame else { return }
        while true {
            let status = av_buffersink_get_frame(sink, frame)
            if status == cffmpeg_error_again() || status == cffmpeg_error_eof() { return }
            guard status >= 0 else { throw VideoError.ffmpeg(writing: path, status, "making the GIF's palette") }
            defer { av_frame_unref(frame) }
            try encode(frame)
        }
    }

    /// Sends `frame` (nil: the end) to the encoder and writes the packets it gives back.
    private func encode(_ frame: UnsafeMutablePointer<AVFrame>?) throws {
        var status = avcodec_send_frame(codec, frame)
        guard status >= 0 || (frame == nil && status == cffmpeg_error_eof()) else {
            throw VideoError.ffmpeg(writing: path, status, "encoding frame \(frames)")
        }
        while true {
            status = avcodec_receive_packet(codec, packet)
            if status == cffmpeg_error_again() || status == cffmpeg_error_eof() { return }
            guard status >= 0, let packet, let codec else { throw VideoError.ffmpeg(writing: path, status, "encoding frame \(frames)") }
            // Each packet lasts one frame, so the file's duration counts the last frame's too.
            if packet.pointee.duration == 0 { packet.pointee.duration = 1 }
            av_packet_rescale_ts(packet, codec.pointee.time_base, stream.pointee.time_base)
            packet.pointee.stream_index = stream.pointee.index
            status = av_interleaved_write_frame(output, packet)
            guard status >= 0 else { throw VideoError.ffmpeg(writing: path, status, "writing frame \(frames)") }
        }
    }

    private func withFramePlanes(
        _ frame: UnsafeMutablePointer<AVFrame>,
        _ body: (UnsafePointer<UnsafeMutablePointer<UInt8>?>, UnsafePointer<Int32>) -> Void
    ) {
        withUnsafeMutablePointer(to: &frame.pointee.data) { data in
            data.withMemoryRebound(to: UnsafeMutablePointer<UInt8>?.self, capacity: 8) { planes in
                withUnsafeMutablePointer(to: &frame.pointee.linesize) { lines in
                    lines.withMemoryRebound(to: Int32.self, capacity: 8) { strides in body(planes, strides) }
                }
            }
        }
    }

    private func close(removing: Bool) {
        sws_freeContext(scaler)
        scaler = nil
        avfilter_graph_free(&graph)
        av_frame_free(&frame)
        av_packet_free(&packet)
        avcodec_free_context(&codec)
        if let output {
            if output.pointee.pb != nil { avio_closep(&output.pointee.pb) }
            avformat_free_context(output)
            self.output = nil
        }
        // A fragmented file that holds frames plays up to its last fragment: kept, with
        // what was recorded, when the rest cannot be written.
        if removing, !(fragmented && frames > 0) { unlink(temporary) }
    }

    /// The temporary file, when a failure left it holding frames that play (fragmented only).
    package var keptPartialFile: String? {
        fragmented && frames > 0 && !finished && FileManager.default.fileExists(atPath: temporary) ? temporary : nil
    }
}
