import Foundation

/// Where the font files of each face are, and which Debian package installs them.
///
/// Latin text uses DejaVu Sans; CJK Noto Sans CJK; Arabic, Hebrew, Thai, Devanagari and
/// symbols the Noto Sans faces of `fonts-noto-core`; emoji Noto Color Emoji. Every face is
/// required: a comment can hold any of them, and a face that is missing would draw boxes
/// in the middle of a run instead of failing where the fix can be named.
public struct FontPaths: Hashable, Sendable {
    /// One face's files.
    public struct Files: Hashable, Sendable {
        package var regular: String
        /// The bold file; the regular one again for faces without a bold (emoji, symbols 2).
        public var bold: String
        /// The face inside a `.ttc` collection (0 for a plain `.ttf`).
        public var index: Int
        /// The Debian package that installs the files.
        public var package: String

        public init(regular: String, bold: String? = nil, index: Int = 0, package: String) {
            self.regular = regular
            self.bold = bold ?? regular
            self.index = index
            self.package = package
        }

        func path(_ bold: Bool) -> String { bold ? self.bold : regular }
    }

    /// Every face's files.
    package var faces: [FontFace: Files]

    public static let defaultLatinDirectory = "/usr/share/fonts/truetype/dejavu"
    public static let defaultCJKDirectory = "/usr/share/fonts/opentype/noto"
    public static let defaultNotoDirectory = "/usr/share/fonts/truetype/noto"
    /// The Debian packages that install the default files.
    package static let latinPackage = "fonts-dejavu-core"
    package static let cjkPackage = "fonts-noto-cjk"
    package static let notoPackage = "fonts-noto-core"
    package static let emojiPackage = "fonts-noto-color-emoji"
    /// Noto's CJK collections hold JP, KR, SC, TC and HK faces in that order; 2 picks
    /// Simplified Chinese glyph forms (the simulated audience writes Chinese).
    public static let defaultCJKFaceIndex = 2

    /// The standard file names looked up in the given directories.
    public init(
        latinDirectory: String = defaultLatinDirectory,
        cjkDirectory: String = defaultCJKDirectory,
        notoDirectory: String = defaultNotoDirectory,
        emojiDirectory: String? = nil,
        cjkFaceIndex: Int = defaultCJKFaceIndex
    ) {
        func path(_ dir: String, _ file: String) -> String {
            URL(fileURLWithPath: dir).appendingPathComponent(file).path
        }
        func noto(_ name: String, bold: Bool = true) -> Files {
            Files(
                regular: path(notoDirectory, "NotoSans\(name)-Regular.ttf"),
                bold: bold ? path(notoDirectory, "NotoSans\(name)-Bold.ttf") : nil, package: Self.notoPackage)
        }
        faces = [
            .latin: Files(
                regular: path(latinDirectory, "DejaVuSans.ttf"), bold: path(latinDirectory, "DejaVuSans-Bold.ttf"),
                package: Self.latinPackage),
            .cjk: Files(
                regular: path(cjkDirectory, "NotoSansCJK-Regular.ttc"), bold: path(cjkDirectory, "NotoSansCJK-Bold.ttc"),
                index: cjkFaceIndex, package: Self.cjkPackage),
            .arabic: noto("Arabic"), .hebrew: noto("Hebrew"), .thai: noto("Thai"), .devanagari: noto("Devanagari"),
            .symbols: noto("Symbols"), .symbols2: noto("Symbols2", bold: false),
            .emoji: Files(regular: path(emojiDirectory ?? notoDirectory, "NotoColorEmoji.ttf"), package: Self.emojiPackage),
        ]
    }

    /// The files of `face`.
    package func files(_ face: FontFace) -> Files { faces[face]! }

    /// The Latin regular and bold files (the primary face).
    package var regular: String { files(.latin).regular }
    public var bold: String { files(.latin).bold }

    /// Every distinct file with its face index and package, primary face first.
    var allFiles: [(path: String, index: Int, package: String)] {
        var seen = Set<String>()
        var out: [(String, Int, String)] = []
        for files in FontFace.allCases.map(files) {
            for path in [files.regular, files.bold] where seen.insert(path).inserted {
                out.append((path, files.index, files.package))
            }
        }
        return out
    }

    /// Throws `SDLError.fontMissing` naming every missing file of the first package with a
    /// missing file (the primary face's first) and that package.
    package func validate() throws {
        let fm = FileManager.default
        let missing = allFiles.filter { !fm.fileExists(atPath: $0.path) }
        guard let package = missing.first?.package else { return }
        throw SDLError.fontMissing(paths: missing.filter { $0.package == package }.map(\.path), package: package)
    }
}
