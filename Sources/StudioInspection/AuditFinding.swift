import StudioKit

/// One problem the audit found.
public struct AuditFinding: Codable, Hashable, Sendable, CustomStringConvertible {
    public var rule: AuditRule
    /// The widget's name ("studio" for studio-wide findings such as gesture conflicts).
    public var widget: String
    public var message: String
    /// Why this finding is accepted, when the studio's configuration declares an exception.
    package var excusedBecause: String?
    /// The other widget of a finding about two (the one drawn over, or over it).
    public var other: String?
    /// Where on the screen the finding is: the crossing, the cut-off part, the hidden part.
    public var rect: ScreenRect?
    /// The frame a run audit first saw it in (frame 1 is the first frame run), and how many
    /// of the frames it sampled show it; nil for an audit of one moment.
    public var frame: Int?
    public var frames: Int?

    public init(rule: AuditRule, widget: String, message: String, excusedBecause: String? = nil) {
        self.rule = rule
        self.widget = widget
        self.message = message
        self.excusedBecause = excusedBecause
    }

    package init(rule: AuditRule, widget: String, other: String?, rect: Rect?, message: String) {
        self.init(rule: rule, widget: widget, message: message)
        self.other = other
        self.rect = rect.map(ScreenRect.init)
    }

    /// The finding's identity across the frames of a run: one rule, one widget, one other.
    var key: String { "\(rule.rawValue)\u{1}\(widget)\u{1}\(other ?? "")" }

    public var description: String {
        let when =
            frame.map { f in
                " [first at frame \(f) (\(InspectionFormat.number(Double(f) / 60)) s)"
                    + (frames.map { ", in \($0) sampled frame(s)" } ?? "") + "]"
            } ?? ""
        return "\(rule.rawValue) \(widget): \(message)" + when + (excusedBecause.map { " (excused: \($0))" } ?? "")
    }
}

/// The audit of one studio: findings that count, and findings its exceptions excuse.
public struct AuditReport: Codable, Hashable, Sendable {
    public var kind: RoomKind
    /// The scenario the run played, when it played one.
    public var scenario: String?
    public var findings: [AuditFinding]
    public var excused: [AuditFinding]
    /// Exceptions that matched no finding (stale: the configuration should drop them).
    package var unusedExceptions: [AuditException]

    package var passed: Bool { findings.isEmpty && unusedExceptions.isEmpty }

    /// A readable report: a header line, then one line per finding.
    public var text: String {
        var lines = [
            "\(kind)" + (scenario.map { " over \($0.split(separator: "/").last.map(String.init) ?? $0)" } ?? "") + ": " + (passed ? "ok" : "\(findings.count) finding(s)")
                + (excused.isEmpty ? "" : ", \(excused.count) excused")
        ]
        for f in findings { lines.append("  - \(f)") }
        for e in unusedExceptions {
            lines.append("  - unused exception \(e.rule.rawValue) \(e.widget): nothing to excuse; remove it")
        }
        for f in excused { lines.append("  ~ \(f)") }
        return lines.joined(separator: "\n")
    }
}
