import CSDL2
import StudioKit

/// Opens TrueType fonts on demand and keeps the most recently used: one `TTF_Font*` per
/// (pixel size, weight, face). SDL_ttf fonts are tied to a size, so every distinct size is
/// its own font, and a window resized through many sizes would otherwise keep one open per
/// size it passed (each holds its face tables and glyph cache, a megabyte or more). A font
/// returned by `font(_:pixelSize:weight:)` stays valid until the next call opens another.
///
/// Not thread-safe (FreeType faces are not); use each library from one thread at a time.
/// Separate libraries may live on separate threads.
public final class FontLibrary {
    package let paths: FontPaths
    package let runtime: SDLRuntime
    /// Most fonts kept open; opening one more closes the least recently used. A frame's
    /// text at the studio's size and at the window's scale needs about twenty.
    package let capacity: Int
    private var fonts: [FontKey: (font: OpaquePointer, lastUse: Int)] = [:]
    /// Counts lookups; an entry's `lastUse` orders it for closing.
    private var uses = 0
    /// Sizes opened since the library was made (its coverage fonts, opened as it is made,
    /// are not counted).
    private(set) var opened = 0

    private struct FontKey: Hashable {
        var pixelSize: Int
        var weight: FontSpec.Weight
        var face: FontFace
    }

    /// One font per face at a small size, opened with the library and open while it lives,
    /// for asking which characters a face has (coverage does not depend on the size), and
    /// the answers.
    private let coverageFonts: [FontFace: OpaquePointer]
    private var coverage: [UInt64: Bool] = [:]

    /// Checks that the font files exist and open as fonts (each size opens on first use).
    ///
    /// - Parameter runtime: the SDL hold to use; a headless one is made when nil.
    /// - Throws: `SDLError.fontMissing` naming the paths looked at and the Debian package;
    ///   `SDLError.fontUnreadable` for a file SDL_ttf cannot open.
    public init(paths: FontPaths = FontPaths(), runtime: SDLRuntime? = nil, capacity: Int = 24) throws {
        try paths.validate()
        self.paths = paths
        self.capacity = max(1, capacity)
        self.runtime = try runtime ?? SDLRuntime.headless()
        try Self.checkOpens(paths)
        // The faces' coverage fonts open with the library, not at the first text of their
        // script, which comes in the middle of a frame: the CJK collection takes
        // milliseconds to open.
        coverageFonts = SDLRuntime.serialized {
            var opened: [FontFace: OpaquePointer] = [:]
            for face in FontFace.allCases {
                let files = paths.files(face)
                opened[face] = TTF_OpenFontIndex(files.regular, 12, files.index)
            }
            return opened
        }
    }

    /// Files already opened once in this process: a damaged font must fail here, before a
    /// session starts, rather than in the middle of a frame at the first text of its script.
    private static let openedPaths = Locked(Set<String>())

    private static func checkOpens(_ paths: FontPaths) throws {
        try SDLRuntime.serialized {
            for (path, index, package) in paths.allFiles where !openedPaths.withLock({ $0.contains(path) }) {
                guard let font = TTF_OpenFontIndex(path, 12, index) else {
                    throw SDLError.fontUnreadable(path: path, package: package, message: SDLError.lastMessage)
                }
                TTF_CloseFont(font)
                openedPaths.withLock { _ = $0.insert(path) }
            }
        }
    }

    deinit {
        closeAll()
        SDLRuntime.serialized { for font in coverageFonts.values { TTF_CloseFont(font) } }
    }

    /// The pixel size a spec is drawn at: SDL_ttf takes whole points, and at its default
    /// 72 dpi a point is one pixel, so the em box is `size` logical pixels.
    package static func pixelSize(of font: FontSpec) -> Int {
        guard font.size.isFinite else { return 1 }
        return Int(clamping: min(max(font.size.rounded(), 1), 1024))
    }

    /// The pixel size of Noto Color Emoji's one bitmap strike: the emoji face opens at it
    /// whatever the text's size, and its glyphs are scaled to the line (`ShapedLine`).
    static let emojiStrike = 109

    /// The font of `face` at `pixelSize` and `weight`, opened on first use, with its script
    /// and direction set for HarfBuzz. Valid until the next call opens another font.
    ///
    /// - Complexity: a dictionary lookup; opening a new size reads the font file once
    ///   (milliseconds; the CJK collection is large, so its first use per size is the slowest).
    func font(_ face: FontFace, pixelSize: Int, weight: FontSpec.Weight) throws -> OpaquePointer {
        let key =
            face == .emoji
            ? FontKey(pixelSize: Self.emojiStrike, weight: .regular, face: face)
            : FontKey(pixelSize: pixelSize, weight: weight, face: face)
        uses += 1
        if let font = fonts[key]?.font {
            fonts[key]!.lastUse = uses
            return font
        }
        let files = paths.files(face)
        let path = files.path(key.weight == .bold)
        // Opening is serialized: FreeType faces may be used on separate threads, but
        // creating them on the shared library may not be concurrent.
        guard let font = SDLRuntime.serialized({ TTF_OpenFontIndex(path, Int32(key.pixelSize), files.index) }) else {
            throw SDLError.failed("TTF_OpenFontIndex(\(path), \(key.pixelSize), \(files.index))")
        }
        opened += 1
        Self.setShaping(font, face)
        if fonts.count >= capacity, let oldest = fonts.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            fonts[oldest.key] = nil
            SDLRuntime.serialized { TTF_CloseFont(oldest.value.font) }
        }
        fonts[key] = (font, uses)
        return font
    }

    /// A face's script and direction are the same for every run it draws, so they are set
    /// once, when its font opens.
    private static func setShaping(_ font: OpaquePointer, _ face: FontFace) {
        if let tag = face.scriptTag { _ = TTF_SetFontScriptName(font, tag) }
        if face.isRightToLeft { _ = TTF_SetFontDirection(font, TTF_DIRECTION_RTL) }
    }

    /// True when `face` has a glyph for `scalar`.
    ///
    /// - Complexity: a dictionary lookup once asked; the first time, one cmap lookup.
    func provides(_ face: FontFace, _ scalar: Unicode.Scalar) -> Bool {
        let key = UInt64(scalar.value) | UInt64(FontFace.allCases.firstIndex(of: face)!) << 32
        if let known = coverage[key] { return known }
        let has = coverageFonts[face].map { TTF_GlyphIsProvided32($0, scalar.value) != 0 } ?? false
        coverage[key] = has
        return has
    }

    /// Closes every open font; each reopens on its next use. For when the sizes in use have
    /// just changed (a window that settled at a new scale), so that the fonts of the sizes
    /// passed through do not stay open up to `capacity`.
    package func closeAll() {
        SDLRuntime.serialized {
            for entry in fonts.values { TTF_CloseFont(entry.font) }
        }
        fonts.removeAll()
    }

    /// How many fonts are open (one per distinct size, weight and script used lately, at
    /// most `capacity`).
    package var openFontCount: Int { fonts.count }
}
