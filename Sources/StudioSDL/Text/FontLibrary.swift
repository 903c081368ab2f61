import CSDL2
import StudioKit

/// Opens TrueType fonts on demand and keeps the most recently used: one `TTF_Font*` per
/// (pixel size, weight, script). SDL_ttf fonts are tied to a size, so every distinct size is
/// its own font, and a window resized through many sizes would otherwise keep one open per
/// size it passed (each holds its face tables and glyph cache, a megabyte or more). A font
/// returned by `font(for:text:)` stays valid until the next call opens another.
///
/// Not thread-safe (FreeType faces are not); use each library from one thread at a time.
/// Separate libraries may live on separate threads.
public final class FontLibrary {
    public let paths: FontPaths
    public let runtime: SDLRuntime
    /// Most fonts kept open; opening one more closes the least recently used. A frame's
    /// text at the studio's size and at the window's scale needs about twenty.
    public let capacity: Int
    private var fonts: [FontKey: (font: OpaquePointer, lastUse: Int)] = [:]
    /// Counts lookups; an entry's `lastUse` orders it for closing.
    private var uses = 0

    private struct FontKey: Hashable {
        var pixelSize: Int
        var weight: FontSpec.Weight
        var cjk: Bool
    }

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
    }

    /// Files already opened once in this process: a damaged font must fail here, before a
    /// session starts, rather than in the middle of a frame at the first text of its script.
    nonisolated(unsafe) private static var openedPaths: Set<String> = []

    private static func checkOpens(_ paths: FontPaths) throws {
        let files = [(paths.regular, 0, FontPaths.latinPackage), (paths.bold, 0, FontPaths.latinPackage),
                     (paths.cjkRegular, paths.cjkFaceIndex, FontPaths.cjkPackage),
                     (paths.cjkBold, paths.cjkFaceIndex, FontPaths.cjkPackage)]
        try SDLRuntime.serialized {
            for (path, index, package) in files where !openedPaths.contains(path) {
                guard let font = TTF_OpenFontIndex(path, 12, index) else {
                    throw SDLError.fontUnreadable(path: path, package: package, message: SDLError.lastMessage)
                }
                TTF_CloseFont(font)
                openedPaths.insert(path)
            }
        }
    }

    deinit { closeAll() }

    /// The pixel size a spec is drawn at: SDL_ttf takes whole points, and at its default
    /// 72 dpi a point is one pixel, so the em box is `size` logical pixels.
    public static func pixelSize(of font: FontSpec) -> Int {
        guard font.size.isFinite else { return 1 }
        return Int(clamping: min(max(font.size.rounded(), 1), 1024))
    }

    /// True when `text` needs the CJK font: any scalar at or above U+2E80 (CJK radicals,
    /// kana, hangul, ideographs, full-width forms; emoji fall here too).
    public static func needsCJK(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.value >= 0x2E80 }
    }

    /// The font to draw `text` with at `spec`, opened on first use.
    ///
    /// - Complexity: O(length of `text`) to pick the script, then a dictionary lookup;
    ///   opening a new size reads the font file once (milliseconds; the CJK collection
    ///   is large, so its first use per size is the slowest).
    public func font(for spec: FontSpec, text: String) throws -> OpaquePointer {
        try font(pixelSize: Self.pixelSize(of: spec), weight: spec.weight, cjk: Self.needsCJK(text))
    }

    func font(pixelSize: Int, weight: FontSpec.Weight, cjk: Bool) throws -> OpaquePointer {
        let key = FontKey(pixelSize: pixelSize, weight: weight, cjk: cjk)
        uses += 1
        if let font = fonts[key]?.font {
            fonts[key]!.lastUse = uses
            return font
        }
        let path: String
        switch (cjk, weight) {
        case (false, .regular): path = paths.regular
        case (false, .bold): path = paths.bold
        case (true, .regular): path = paths.cjkRegular
        case (true, .bold): path = paths.cjkBold
        }
        let index = cjk ? paths.cjkFaceIndex : 0
        // Opening is serialized: FreeType faces may be used on separate threads, but
        // creating them on the shared library may not be concurrent.
        guard let font = SDLRuntime.serialized({ TTF_OpenFontIndex(path, Int32(pixelSize), index) }) else {
            throw SDLError.failed("TTF_OpenFontIndex(\(path), \(pixelSize), \(index))")
        }
        if fonts.count >= capacity, let oldest = fonts.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            fonts[oldest.key] = nil
            SDLRuntime.serialized { TTF_CloseFont(oldest.value.font) }
        }
        fonts[key] = (font, uses)
        return font
    }

    /// Closes every open font; each reopens on its next use. For when the sizes in use have
    /// just changed (a window that settled at a new scale), so that the fonts of the sizes
    /// passed through do not stay open up to `capacity`.
    public func closeAll() {
        SDLRuntime.serialized {
            for entry in fonts.values { TTF_CloseFont(entry.font) }
        }
        fonts.removeAll()
    }

    /// How many fonts are open (one per distinct size, weight and script used lately, at
    /// most `capacity`).
    public var openFontCount: Int { fonts.count }
}
