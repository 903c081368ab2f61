import CFFmpeg
import Foundation
import StudioKit

/// FFmpeg's own log, kept off the terminal. Its encoders and filters report statistics at
/// the info level, and a decoder refusing a damaged stream can say dozens of lines at the
/// error level, which would bury the commands' output. Every failure that matters comes
/// back as an error code that `VideoError` words; the last error FFmpeg logged is kept, so
/// that the one message LiveStudio prints can carry FFmpeg's own reason.
enum FFmpegLog {
    private static let lastError = Locked<String?>(nil)

    private static let once: Void = {
        av_log_set_level(AV_LOG_ERROR)
        av_log_set_callback { context, level, format, arguments in
            guard level <= AV_LOG_ERROR, let format, let arguments else { return }
            var line = [CChar](repeating: 0, count: 512)
            var prefix: Int32 = 1
            av_log_format_line2(context, level, format, arguments, &line, Int32(line.count), &prefix)
            let bytes = line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
            let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty else { return }
            FFmpegLog.lastError.withLock { $0 = text }
        }
    }()

    /// Takes FFmpeg's log over (once a process).
    static func quiet() { _ = once }

    /// The last error FFmpeg logged since the last call, if any ("[mjpeg @ 0x…] Picture size
    /// 65535x65535 is invalid"), without the address FFmpeg prefixes.
    static func takeLastError() -> String? {
        lastError.withLock { value in
            defer { value = nil }
            return value.map { text in
                // "[mjpeg @ 0x55d…] [IMGUTILS @ 0x7ff…] reason" reads as "mjpeg: reason".
                var rest = Substring(text), first: Substring?
                while rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
                    first = first ?? rest[rest.index(after: rest.startIndex)..<close].split(separator: " ").first
                    rest = rest[rest.index(after: close)...].drop { $0 == " " }
                }
                return (first.map { "\($0): " } ?? "") + rest
            }
        }
    }
}
