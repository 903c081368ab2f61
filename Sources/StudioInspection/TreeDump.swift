import Foundation
import StudioKit

/// The widget tree as text (one indented line per widget) and as JSON, for `studio dump`
/// and the tree snapshots in the tests.
public enum TreeDump {
    /// One line per widget, children indented by two spaces:
    /// `CommentListWidget "commentList" level 250 [movable] 24,760 470x330 alpha 1 subs: commentArrived`
    /// with `hidden`, `penetrate`, `concealed` when they hold.
    public static func text(_ record: WidgetRecord) -> String {
        var lines: [String] = []
        func walk(_ r: WidgetRecord, _ depth: Int) {
            var line = String(repeating: "  ", count: depth)
            line += "\(r.type) \"\(r.name)\" level \(InspectionFormat.number(r.level)) [\(r.layer)] \(r.frame)"
            if r.alpha != 1 { line += " alpha \(InspectionFormat.number(r.alpha))" }
            if r.hidden { line += " hidden" }
            if r.penetrate { line += " penetrate" }
            if r.concealed { line += " concealed" }
            if !r.subscriptions.isEmpty { line += " subs: " + r.subscriptions.joined(separator: ",") }
            lines.append(line)
            for c in r.children { walk(c, depth + 1) }
        }
        walk(record, 0)
        return lines.joined(separator: "\n") + "\n"
    }

    /// Pretty-printed JSON with sorted keys (stable across runs): a widget record, or a
    /// document built around one.
    public static func json(_ record: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(record), as: UTF8.self) + "\n"
    }
}
