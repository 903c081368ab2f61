// The one header through which Swift sees FFmpeg: the demuxer, the codecs, the scaler and
// the filter graph (GIF palettes), plus functions for what FFmpeg spells as macros, which
// Swift cannot import.
#ifndef CFFMPEG_SHIM_H
#define CFFMPEG_SHIM_H
#include <errno.h>
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavfilter/avfilter.h>
#include <libavfilter/buffersink.h>
#include <libavfilter/buffersrc.h>
#include <libavutil/avutil.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>

/// AVERROR(EAGAIN): the codec wants input (or output) first.
static inline int cffmpeg_error_again(void) { return AVERROR(EAGAIN); }
/// AVERROR_EOF: the stream or the codec has no more.
static inline int cffmpeg_error_eof(void) { return AVERROR_EOF; }
/// AV_NOPTS_VALUE: no timestamp.
static inline int64_t cffmpeg_no_pts(void) { return AV_NOPTS_VALUE; }
/// AV_TIME_BASE: the units of AVFormatContext.duration a second.
static inline int cffmpeg_time_base(void) { return AV_TIME_BASE; }
#endif
