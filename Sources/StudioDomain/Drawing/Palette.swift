import StudioKit

/// The colors of the live-room page, in one place: translucent dark panels over the video,
/// white text, one brand pink. Public, so that a widget made outside LiveStudio looks like
/// the room it joins.
public enum Palette {
    /// Panels over the video (black at 40%).
    public static let panel = Color(r: 0, g: 0, b: 0, a: 102)
    /// Comment bubbles (black at 35%).
    package static let bubble = Color(r: 0, g: 0, b: 0, a: 90)
    /// Toasts (black at 75%): they must read over anything.
    public static let toast = Color(r: 0, g: 0, b: 0, a: 190)
    /// Toasts and banners over the room (92%): text behind them, danmaku too, never shows
    /// through their own text.
    package static let overlayPanel = Color(r: 16, g: 16, b: 24, a: 235)
    public static let text = Color.white
    package static let secondaryText = Color(r: 255, g: 255, b: 255, a: 190)
    package static let placeholderText = Color(r: 255, g: 255, b: 255, a: 150)
    package static let brand = Color(hex: 0xFE2C55)
    public static let live = Color(hex: 0xFF3B4E)
    package static let gold = Color(hex: 0xFFC53D)
    /// Platform notices in the comment list.
    package static let notice = Color(hex: 0x7FDBFF)

    /// Names in the comment list and avatars: bright on dark.
    public static let names: [Color] = [
        Color(hex: 0x8CE0FF), Color(hex: 0xFFD36B), Color(hex: 0xB8F28B), Color(hex: 0xFFA3C4),
        Color(hex: 0xC9B3FF), Color(hex: 0x7FF0D4), Color(hex: 0xFFB08A),
    ]

    package static let avatars: [Color] = [
        Color(hex: 0xF25F5C), Color(hex: 0x3D9BE9), Color(hex: 0x7B61FF), Color(hex: 0x20B486),
        Color(hex: 0xF2A541), Color(hex: 0xE0489B),
    ]

    /// Hearts of the praise animation.
    public static let hearts: [Color] = [
        Color(hex: 0xFE2C55), Color(hex: 0xFF7A45), Color(hex: 0xFFC53D), Color(hex: 0xFF85C0),
        Color(hex: 0x9254DE), Color(hex: 0x40A9FF), Color(hex: 0x73D13D),
    ]
}
