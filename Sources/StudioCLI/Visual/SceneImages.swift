import Foundation
import StudioInspection
import StudioKit

/// Images a scene cannot draw, said in full: each file, its reason and its fix. A snapshot
/// fails with it, since its picture would show placeholders instead of the images.
struct UnusableImagesError: Error, CustomStringConvertible {
    let problems: [ImageFileError]

    var description: String {
        guard problems.count > 1 else { return problems.first?.description ?? "no image problems" }
        return "\(problems.count) images cannot be drawn:\n" + problems.map { "  - \($0)" }.joined(separator: "\n")
    }
}

extension ImageFileError {
    /// A layering audit finding for this image: the studio's frame would show a placeholder.
    var auditFinding: AuditFinding {
        AuditFinding(rule: .badImage, widget: "studio", message: description)
    }
}

/// `studio: warning: ...` on standard error, as the image cache says it during a run.
func printWarning(_ message: String) {
    ToolName.say("warning: \(message)")
}
