import StudioDomain
import StudioFeed
import StudioKit
import StudioWidgets

extension StudioConfigLoader {
    /// `auditExceptions`: the layering audit's findings a studio accepts on purpose, each
    /// `{ "rule": "overlap", "widget": "pkBar", "reason": "..." }` with a rule the audit
    /// knows, a widget name and a reason (required: an exception without one is a finding
    /// nobody understood).
    func checkAuditExceptions(_ value: JSONValue, reader r: StudioConfigReader) throws(ConfigError) -> [AuditException] {
        let items = try r.array(value, at: "auditExceptions", "of { \"rule\", \"widget\", \"reason\" } objects")
        var out: [AuditException] = []
        for (i, item) in items.enumerated() {
            let path = "auditExceptions[\(i)]"
            let object = try r.object(item, at: path, "with rule, widget and reason")
            try r.checkKeys(
                object, at: path,
                required: [
                    "rule": "\"overlap\" (one of \(AuditRule.allCases.map(\.rawValue).joined(separator: ", ")))",
                    "widget": "\"pkBar\" (the widget's name, or \"studio\")",
                    "reason": "\"why this is deliberate\"",
                ], optional: [])
            let ruleName = try r.string(object["rule"]!, at: "\(path).rule", "naming an audit rule")
            guard let rule = AuditRule(rawValue: ruleName) else {
                throw r.error(
                    "\(path).rule",
                    "unknown audit rule '\(ruleName)'; valid: "
                        + AuditRule.allCases.map(\.rawValue).joined(separator: ", "))
            }
            let widget = try r.string(object["widget"]!, at: "\(path).widget", "naming the widget")
            guard !widget.isEmpty else { throw r.error("\(path).widget", "must name a widget") }
            let reason = try r.string(object["reason"]!, at: "\(path).reason", "saying why")
            guard reason.split(separator: " ").count >= 3 else {
                throw r.error("\(path).reason", "must say why in a few words (got '\(reason)')")
            }
            out.append(AuditException(rule: rule, widget: widget, reason: reason))
        }
        return out
    }
}
