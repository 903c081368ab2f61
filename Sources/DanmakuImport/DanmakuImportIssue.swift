/// One skipped element, with where it was and why, printed like a compiler diagnostic:
/// `danmaku.xml:12:3: <d> p has 3 fields; expected at least time,mode,size,color`.
public struct DanmakuImportIssue: Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var position: DanmakuSourcePosition
    public var reason: DanmakuSkipReason
    /// What was wrong, in a sentence without the location.
    public var message: String

    public init(file: String, position: DanmakuSourcePosition, reason: DanmakuSkipReason, message: String) {
        self.file = file
        self.position = position
        self.reason = reason
        self.message = message
    }

    public var description: String { "\(file):\(position): \(message)" }
}
