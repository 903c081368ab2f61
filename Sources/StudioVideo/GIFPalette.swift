import CFFmpeg
import Foundation

/// The 256 colours a GIF is drawn with, chosen by FFmpeg's palettegen from the frames of a
/// whole run: the first of the two passes that FFmpeg documents for GIFs.
///
/// One palette for the whole file is what keeps a GIF small: with the same colours in every
/// frame, the GIF encoder writes only the pixels that changed (the rest transparent, the
/// frame cropped to the change), and an ordered dither gives a still pixel the same index in
/// every frame. A palette made for each frame instead changes every index, so each frame
/// is written whole.
package struct GIFPalette: Sendable, Equatable {
    /// 256 colours as BGRA bytes (FFmpeg's 16x16 palette frame, row after row).
    package let bgra: [UInt8]

    /// The number of distinct colours in use (palettegen pads a short palette with black).
    package var distinctColors: Int {
        Set(stride(from: 0, to: bgra.count, by: 4).map { i in bgra[i..<i + 4].reduce(0) { $0 << 8 | UInt32($1) } }).count
    }
}

/// The first pass: frames in, one palette out. Frames pass through FFmpeg's palettegen with
/// `stats_mode=full`, which keeps only a colour histogram, so a long run costs no memory.
package final class GIFPaletteSurvey {
    /// The GIF this palette is for, named in errors.
    package let path: String
    package let width: Int
    package let height: Int
    /// Frames seen so far.
    package private(set) var frames = 0

    private var graph: UnsafeMutablePointer<AVFilterGraph>?
    private var source: UnsafeMutablePointer<AVFilterContext>?
    private var sink: UnsafeMutablePointer<AVFilterContext>?

    /// Ready for `width` x `height` BGRA frames (rounded down to even sizes, as the GIF
    /// encoder rounds them) of the GIF at `path`.
    /// - Throws: `VideoError` naming the file when this FFmpeg has no palettegen.
    package init(path: String, width: Int, height: Int) throws {
        self.path = path
        self.width = max(2, width / 2 * 2)
        self.height = max(2, height / 2 * 2)
        FFmpegLog.quiet()
        graph = avfilter_graph_alloc()
        let filters = try FilterChain.open(
            graph, path: path, doing: "surveying the GIF's colours",
            sources: [("in", FilterChain.bgraSource(width: self.width, height: self.height))],
            chain: "[in]palettegen=stats_mode=full")
        source = filters.sources[0]
        sink = filters.sink
    }

    deinit { avfilter_graph_free(&graph) }

    /// Counts the colours of one frame: `width` x `height` BGRA values.
    package func add(_ pixels: UnsafePointer<UInt32>) throws {
        let frame = try FilterChain.bgraFrame(pixels, width: width, height: height, pts: Int64(frames), path: path)
        defer {
            var f: UnsafeMutablePointer<AVFrame>? = frame
            av_frame_free(&f)
        }
        let status = av_buffersrc_add_frame(source, frame)
        guard status >= 0 else { throw VideoError.ffmpeg(writing: path, status, "surveying the GIF's colours") }
        frames += 1
    }

    /// The palette for every frame added.
    /// - Throws: `VideoError` when no frame was added or FFmpeg fails.
    package func finish() throws -> GIFPalette {
        guard frames > 0 else { throw VideoError(writing: path, reason: "no frame to choose the GIF's colours from") }
        var status = av_buffersrc_add_frame(source, nil)
        guard status >= 0, let frame = av_frame_alloc() else {
            throw VideoError.ffmpeg(writing: path, status, "choosing the GIF's colours")
        }
        defer {
            var f: UnsafeMutablePointer<AVFrame>? = frame
            av_frame_free(&f)
        }
        status = av_buffersink_get_frame(sink, frame)
        guard status >= 0, frame.pointee.width == 16, frame.pointee.height == 16, let data = frame.pointee.data.0 else {
            throw VideoError.ffmpeg(writing: path, status, "choosing the GIF's colours")
        }
        let line = Int(frame.pointee.linesize.0)
        var bgra = [UInt8]()
        bgra.reserveCapacity(1024)
        for y in 0..<16 { bgra += UnsafeBufferPointer(start: data + y * line, count: 64) }
        return GIFPalette(bgra: bgra)
    }
}

/// The small parts of FFmpeg's filter API that both GIF passes use.
enum FilterChain {
    /// The `buffer` source's arguments for `width` x `height` BGRA frames, `fps` a second.
    static func bgraSource(width: Int, height: Int, fps: Int = 1) -> String {
        "video_size=\(width)x\(height):pix_fmt=\(AV_PIX_FMT_BGRA.rawValue):time_base=1/\(fps):pixel_aspect=1/1"
    }

    /// Builds `chain` in `graph` between named `buffer` sources and one `buffersink`, and
    /// configures it.
    /// - Throws: `VideoError` naming `path` and what was being done.
    static func open(
        _ graph: UnsafeMutablePointer<AVFilterGraph>?, path: String, doing: String,
        sources: [(name: String, args: String)], chain: String
    ) throws -> (sources: [UnsafeMutablePointer<AVFilterContext>], sink: UnsafeMutablePointer<AVFilterContext>) {
        guard let graph, let bufferFilter = avfilter_get_by_name("buffer"), let sinkFilter = avfilter_get_by_name("buffersink")
        else { throw VideoError(writing: path, reason: "this FFmpeg has no filter graph") }
        var contexts: [UnsafeMutablePointer<AVFilterContext>] = []
        for source in sources {
            var context: UnsafeMutablePointer<AVFilterContext>?
            let status = avfilter_graph_create_filter(&context, bufferFilter, source.name, source.args, nil, graph)
            guard status >= 0, let context else { throw VideoError.ffmpeg(writing: path, status, doing) }
            contexts.append(context)
        }
        var sink: UnsafeMutablePointer<AVFilterContext>?
        var status = avfilter_graph_create_filter(&sink, sinkFilter, "out", nil, nil, graph)
        guard status >= 0, let sink else { throw VideoError.ffmpeg(writing: path, status, doing) }
        // The chain's open inputs are the sources' outputs, by name; its open output, the sink.
        var outputs: UnsafeMutablePointer<AVFilterInOut>?
        for (source, context) in zip(sources, contexts).reversed() {
            let link = avfilter_inout_alloc()
            link?.pointee.name = av_strdup(source.name)
            link?.pointee.filter_ctx = context
            link?.pointee.pad_idx = 0
            link?.pointee.next = outputs
            outputs = link
        }
        var inputs = avfilter_inout_alloc()
        inputs?.pointee.name = av_strdup("out")
        inputs?.pointee.filter_ctx = sink
        inputs?.pointee.pad_idx = 0
        defer {
            avfilter_inout_free(&outputs)
            avfilter_inout_free(&inputs)
        }
        status = avfilter_graph_parse_ptr(graph, chain, &inputs, &outputs, nil)
        if status >= 0 { status = avfilter_graph_config(graph, nil) }
        guard status >= 0 else { throw VideoError.ffmpeg(writing: path, status, doing) }
        return (contexts, sink)
    }

    /// A new frame holding a copy of `pixels` (`width` x `height` BGRA values, rows packed).
    static func bgraFrame(
        _ pixels: UnsafePointer<UInt32>, width: Int, height: Int, pts: Int64, path: String
    ) throws -> UnsafeMutablePointer<AVFrame> {
        guard let frame = av_frame_alloc() else { throw VideoError(writing: path, reason: "out of memory for a frame") }
        frame.pointee.width = Int32(width)
        frame.pointee.height = Int32(height)
        frame.pointee.format = AV_PIX_FMT_BGRA.rawValue
        guard av_frame_get_buffer(frame, 0) >= 0 else {
            var f: UnsafeMutablePointer<AVFrame>? = frame
            av_frame_free(&f)
            throw VideoError(writing: path, reason: "out of memory for a frame")
        }
        let bytes = UnsafeRawPointer(pixels).assumingMemoryBound(to: UInt8.self)
        let line = Int(frame.pointee.linesize.0)
        for y in 0..<height { memcpy(frame.pointee.data.0! + y * line, bytes + y * width * 4, width * 4) }
        frame.pointee.pts = pts
        return frame
    }
}
