/// Where something starts in a danmaku file: a 1-based line and column.
///
/// The column counts Unicode scalars, not bytes, because that is what an editor shows on a
/// line of Chinese text; a byte column would point past the element on any line with CJK
/// text before it.
public struct DanmakuSourcePosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The 1-based line.
    public var line: Int
    /// The 1-based column, in Unicode scalars.
    package var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The position of something that did not come from a file (a generated record).
    public static let unknown = DanmakuSourcePosition(line: 0, column: 0)

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    public var description: String { "\(line):\(column)" }
}
