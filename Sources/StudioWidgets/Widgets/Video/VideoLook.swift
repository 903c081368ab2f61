import StudioDomain
import StudioKit

/// The colors of one simulated camera feed: the room's wall, its light, the host.
package struct VideoLook: Hashable, Sendable {
    var wallTop: Color
    var wallBottom: Color
    var accent: Color
    var shirt: Color
    var hair: Color
    var skin: Color

    /// One look per demo room, matching the cover images' color schemes; rooms beyond the
    /// list reuse them in turn.
    static let all: [VideoLook] = [
        VideoLook(
            wallTop: Color(hex: 0x5B2A86), wallBottom: Color(hex: 0xE85D75), accent: Color(hex: 0xFFC2D1),
            shirt: Color(hex: 0xF6F1E9), hair: Color(hex: 0x2B1B17), skin: Color(hex: 0xF1C7A5)),
        VideoLook(
            wallTop: Color(hex: 0x0B3C5D), wallBottom: Color(hex: 0x1FA2A6), accent: Color(hex: 0xB8FFF9),
            shirt: Color(hex: 0xFF8C42), hair: Color(hex: 0x3A2618), skin: Color(hex: 0xE8B58E)),
        VideoLook(
            wallTop: Color(hex: 0x8A3B12), wallBottom: Color(hex: 0xF4A259), accent: Color(hex: 0xFFE8A3),
            shirt: Color(hex: 0x2E4057), hair: Color(hex: 0x121212), skin: Color(hex: 0xD9A07B)),
        VideoLook(
            wallTop: Color(hex: 0x1B4332), wallBottom: Color(hex: 0x74C69D), accent: Color(hex: 0xE9FFDB),
            shirt: Color(hex: 0xE63946), hair: Color(hex: 0x5C3A21), skin: Color(hex: 0xF3D2B3)),
        VideoLook(
            wallTop: Color(hex: 0x10002B), wallBottom: Color(hex: 0x5A189A), accent: Color(hex: 0x4CC9F0),
            shirt: Color(hex: 0x222244), hair: Color(hex: 0xC77DFF), skin: Color(hex: 0xF0C4A8)),
    ]

    static func forRoom(_ id: Int) -> VideoLook {
        let n = all.count
        return all[((id - 1) % n + n) % n]
    }

    /// The look of `person`'s own camera, chosen by name (so a person keeps it), but never
    /// `other`: two feeds side by side, or one host after another, always look apart.
    package static func forPerson(_ person: String, unlike other: VideoLook) -> VideoLook {
        let n = all.count
        let i = Int(stableHash(person) % UInt64(n))
        return all[i] != other ? all[i] : all[(i + 1) % n]
    }
}
