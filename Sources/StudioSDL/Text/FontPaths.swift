import Foundation

/// Where the font files are. Latin text uses DejaVu Sans; text containing any CJK (or other
/// wide) character uses Noto Sans CJK, which also covers Latin, so a mixed line keeps one font.
public struct FontPaths: Hashable, Sendable {
    public var regular: String
    public var bold: String
    public var cjkRegular: String
    public var cjkBold: String
    /// The face inside the `.ttc` collections; Noto's order is JP, KR, SC, TC, HK, so 2 picks
    /// Simplified Chinese glyph forms (the seed documents and sample comments are Chinese).
    public var cjkFaceIndex: Int

    public static let defaultLatinDirectory = "/usr/share/fonts/truetype/dejavu"
    public static let defaultCJKDirectory = "/usr/share/fonts/opentype/noto"
    /// The Debian packages that install the default files.
    public static let latinPackage = "fonts-dejavu-core"
    public static let cjkPackage = "fonts-noto-cjk"

    /// The standard file names looked up in the given directories.
    public init(latinDirectory: String = defaultLatinDirectory,
                cjkDirectory: String = defaultCJKDirectory,
                cjkFaceIndex: Int = 2) {
        func path(_ dir: String, _ file: String) -> String {
            URL(fileURLWithPath: dir).appendingPathComponent(file).path
        }
        self.init(regular: path(latinDirectory, "DejaVuSans.ttf"),
                  bold: path(latinDirectory, "DejaVuSans-Bold.ttf"),
                  cjkRegular: path(cjkDirectory, "NotoSansCJK-Regular.ttc"),
                  cjkBold: path(cjkDirectory, "NotoSansCJK-Bold.ttc"),
                  cjkFaceIndex: cjkFaceIndex)
    }

    /// Explicit files, for fonts kept somewhere else (for example under `Assets/fonts`).
    public init(regular: String, bold: String, cjkRegular: String, cjkBold: String, cjkFaceIndex: Int = 2) {
        self.regular = regular
        self.bold = bold
        self.cjkRegular = cjkRegular
        self.cjkBold = cjkBold
        self.cjkFaceIndex = cjkFaceIndex
    }

    /// Throws `SDLError.fontMissing` naming every missing file of the first incomplete
    /// family (Latin first) and the package that provides it.
    public func validate() throws {
        let fm = FileManager.default
        for (files, package) in [([regular, bold], Self.latinPackage), ([cjkRegular, cjkBold], Self.cjkPackage)] {
            let missing = files.filter { !fm.fileExists(atPath: $0) }
            if !missing.isEmpty { throw SDLError.fontMissing(paths: missing, package: package) }
        }
    }
}
