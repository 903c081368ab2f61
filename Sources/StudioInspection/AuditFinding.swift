import StudioKit

/// One problem the audit found.
public struct AuditFinding: Codable, Hashable, Sendable, CustomStringConvertible {
    public var rule: AuditRule
    /// The widget's name ("studio" for studio-wide findings such as gesture conflicts).
    public var widget: String
    public var message: String
    /// Why this finding is accepted, when the studio's configuration declares an exception.
    package var excusedBecause: String?

    public init(rule: AuditRule, widget: String, message: String, excusedBecause: String? = nil) {
        self.rule = rule
        self.widget = widget
        self.message = message
        self.excusedBecause = excusedBecause
    }

    public var description: String {
        "\(rule.rawValue) \(widget): \(message)" + (excusedBecause.map { " (excused: \($0))" } ?? "")
    }
}

/// The audit of one studio: findings that count, and findings its exceptions excuse.
public struct AuditReport: Codable, Hashable, Sendable {
    public var kind: RoomKind
    public var findings: [AuditFinding]
    public var excused: [AuditFinding]
    /// Exceptions that matched no finding (stale: the configuration should drop them).
    package var unusedExceptions: [AuditException]

    package var passed: Bool { findings.isEmpty && unusedExceptions.isEmpty }

    /// A readable report: a header line, then one line per finding.
    public var text: String {
        var lines = [
            "\(kind): " + (passed ? "ok" : "\(findings.count) finding(s)")
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
