import Foundation

/// An image file that cannot be drawn: which file, why, and how to fix it.
public struct ImageFileError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Reason: Equatable, Sendable {
        case missing
        case folder
        case unreadable(String)
        case empty
        /// Fewer bytes than a PNG header (`PNGHeader.byteCount`).
        case truncated(bytes: Int)
        /// Not a PNG; what it looks like, when its first bytes say.
        case notPNG(looksLike: String?)
        case damagedHeader(String)
        case noPixels(width: Int, height: Int)
        /// Wider or taller than `PNGHeader.maxSide`.
        case overBudget(width: Int, height: Int)
        /// The header is sound but the decoder failed (for example data cut short).
        case undecodable(String)
    }

    public let path: String
    public let reason: Reason

    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    /// The file's name and what is wrong with it; `fix` says what to do.
    package var problem: String {
        switch reason {
        case .missing: "does not exist"
        case .folder: "is a folder, not a file"
        case .unreadable(let why): "cannot be read: \(why)"
        case .empty: "is empty (0 bytes)"
        case .truncated(let n): "is truncated: \(n) byte\(n == 1 ? "" : "s"), fewer than a PNG header's \(PNGHeader.byteCount)"
        case .notPNG(let kind): "is not a PNG" + (kind.map { " (it looks like \($0))" } ?? "")
        case .damagedHeader(let why): "has a damaged PNG header: \(why)"
        case .noPixels(let w, let h): "declares \(w)x\(h) pixels: an image needs at least 1x1"
        case .overBudget(let w, let h):
            "declares \(w)x\(h) pixels, over the limit of \(PNGHeader.maxSide) on a side"
        case .undecodable(let why): "cannot be decoded: \(why)"
        }
    }

    /// What to do: the bundled covers come from a script beside them; other images are
    /// re-exported.
    package var fix: String {
        let file = URL(fileURLWithPath: path)
        let script = file.deletingLastPathComponent().appendingPathComponent("make-covers.sh")
        if file.lastPathComponent.hasPrefix("cover-"), FileManager.default.fileExists(atPath: script.path) {
            return "regenerate the covers with \(script.path)"
        }
        let size = "\(PNGHeader.maxSide)x\(PNGHeader.maxSide)"
        if reason == .missing { return "put a PNG of at most \(size) there" }
        return "re-export it as a PNG of at most \(size)"
    }

    public var description: String { "image \(path) \(problem); \(fix)" }
}
