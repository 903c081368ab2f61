import Foundation
import StudioAppCore
import StudioInspection
import StudioKit
import StudioSDL
import Studios

extension StudioScene {
    /// A scene for a test: `catalog`'s room of `kind`, run deterministically for `frames`
    /// frames (1/60 s each) with text measured by the real fonts, so that layout and pixels
    /// are the window's. More frames and input follow with `run(frames:)` and `input`.
    /// - Parameters:
    ///   - assets: the Assets folder (images, scenarios, `studios/`); kinds registered with
    ///     their own configuration file read it from there. By default, LiveStudio's, found
    ///     as `studio` finds it (`AssetLocator`): `$LIVESTUDIO_ASSETS`, the checkout the
    ///     test was built in, or the resource bundle SwiftPM copied beside the test runner.
    ///   - scenario: a scenario file to play (server messages, taps, drags, keys).
    /// - Throws: `FontLibraryError` naming the Debian package of a missing font; the app's
    ///   errors for a kind or configuration it cannot show.
    public convenience init(
        kind: RoomKind, catalog: Catalog = .standard, assets: URL? = nil, frames: Int = 90,
        mode: SceneMode = .normal, scenario: String? = nil, seed: UInt64 = 1
    ) throws {
        let spec = SceneSpec(kind: kind, seed: seed, frames: frames, scenario: scenario, mode: mode)
        try self.init(
            spec, catalog: catalog, assets: try assets ?? AssetLocator.locate(say: { _ in }), measurer: try Golden.measurer())
    }
}

/// The layering audit of `scene`'s studio, with the exceptions its configuration grants,
/// as `studio audit` runs it.
/// - Throws: `AuditFailure` with the report's text when the audit has findings.
/// - Returns: the report, for tests that look at it further.
@discardableResult
public func assertAudit(_ scene: StudioScene) throws -> AuditReport {
    let studio = scene.driver.studio
    let kind = studio.room.kind
    let exceptions = scene.app.configs.configs[kind]?.auditExceptions ?? []
    let report = LayeringAudit(measurer: scene.driver.backend.textMeasurer).run(studio, kind: kind, exceptions: exceptions)
    if !report.passed { throw AuditFailure(report: report) }
    return report
}

/// The audit of `scene` over its next `frames` frames, as `studio audit --scenario` runs
/// it: the frame rules (text cut, covered or crossed, controls hidden) every `every` frames,
/// the others at the end. A finding names the first frame that shows it.
/// - Throws: `AuditFailure` with the report's text when the audit has findings.
@discardableResult
public func assertAudit(_ scene: StudioScene, frames: Int, every: Int = 3) throws -> AuditReport {
    let kind = scene.driver.studio.room.kind
    let exceptions = scene.app.configs.configs[kind]?.auditExceptions ?? []
    let report = try LayeringAudit(measurer: scene.driver.backend.textMeasurer).run(
        kind: kind, exceptions: exceptions, frames: frames, every: every,
        studio: { scene.driver.studio }, advance: { try scene.run(frames: 1) })
    if !report.passed { throw AuditFailure(report: report) }
    return report
}

/// An audit with findings; its description is the report as `studio audit` prints it.
package struct AuditFailure: Error, CustomStringConvertible {
    package let report: AuditReport
    package var description: String { report.text }
}
