/// One skipped element, with where it was and why, printed like a compiler diagnostic:
/// `danmaku.xml:12:3: <d> p has 3 fields; expected at least time,mode,size,color`.
package struct DanmakuImportIssue: Sendable, Hashable, CustomStringConvertible {
    package var file: String
    package var position: DanmakuSourcePosition
    package var reason: DanmakuSkipReason
    /// What was wrong, in a sentence without the location.
    package var message: String

    package init(file: String, position: DanmakuSourcePosition, reason: DanmakuSkipReason, message: String) {
        self.file = file
        self.position = position
        self.reason = reason
        self.message = message
    }

    package var description: String { "\(file):\(position): \(message)" }
}
