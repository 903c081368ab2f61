import Foundation
import SnapshotTesting
@_exported import StudioAppCore
import StudioKit
import StudioSDL
import Studios

/// Golden images: a frame, a layer or one widget rendered as the window renders it and
/// compared with the PNG recorded beside the test, `__Snapshots__/<test file>/<test>.<name>.png`.
///
/// Each assertion throws `GoldenMismatch` when the picture differs by a single pixel (unless
/// the test passes a `tolerance`), which fails the test in Swift Testing and in XCTest alike.
/// Beside each golden a `.layers.txt` holds each layer's item count and fingerprint; they are
/// compared on every run, so a layer whose draw items changed fails even where the pixels
/// match, and a failure names the layers that changed and leaves each of them rendered alone
/// in the artifacts folder (`$SNAPSHOT_ARTIFACTS`, default `artifacts/`). A pass writes
/// nothing. A missing reference is recorded and the test fails saying so, without stopping:
/// one run records every missing golden. `SNAPSHOT_RECORD=1` re-records every golden
/// without failing.
public enum Golden {
    /// Measures text with the real fonts, as the window and the renderer do.
    /// - Throws: `FontLibraryError` naming the Debian package when a font is missing.
    public static func measurer() throws -> any TextMeasurer { TTFTextMeasurer(fonts: try FontLibrary()) }

    /// Renders `list` into a 720x1280 PNG (transparent background when `transparent`).
    /// - Throws: `FontLibraryError` naming the Debian package when a font is missing.
    public static func png(_ list: DisplayList, assets: URL, transparent: Bool = false) throws -> Data {
        let target = try OffscreenTarget(
            fonts: try FontLibrary(), assetsDirectory: assets.path,
            background: transparent ? .clear : .black)
        try target.render(list)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("golden-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: url) }
        try target.writePNG(to: url.path)
        return try Data(contentsOf: url)
    }

    /// The display list of one widget of `scene`, alone in its layer and at its place in the
    /// studio (drawn through its parents' transforms, as the frame draws it).
    /// - Throws: `SceneError` listing the widgets when none is named `name`.
    public static func widgetList(_ name: String, of scene: StudioScene) throws -> DisplayList {
        let studio = scene.driver.studio
        guard let widget = studio.root.first(named: name) else {
            let names = LayerKind.allCases.flatMap { studio.layer($0).children.map(\.name) }
            throw SceneError("no widget named '\(name)' in the \(studio.room.kind) studio; its widgets: \(names.joined(separator: ", "))")
        }
        let canvas = Canvas(measurer: scene.driver.backend.textMeasurer)
        canvas.beginLayer(try LayerKind.of(level: widget.level))
        canvas.withState(transform: widget.parent?.transformToRoot ?? .identity, alpha: 1) {
            widget.drawTree(in: canvas)
        }
        canvas.endLayer()
        return canvas.list
    }
}

/// A golden that does not match, said in full: which layers changed and where the actual
/// and difference images are.
public struct GoldenMismatch: Error, CustomStringConvertible {
    public let description: String
}

/// Compares the whole last frame of `scene` (or one `layer` of it, on a transparent
/// background) with its golden `<name>`.
public func assertGolden(
    _ scene: StudioScene, named name: String, layer: LayerKind? = nil,
    tolerance: ImageTolerance = .exact,
    file: StaticString = #filePath, testName: String = #function, line: UInt = #line
) throws {
    let list = layer.map { scene.displayList.filtered(to: [$0]) } ?? scene.displayList
    try assertGolden(
        list, named: name, assets: scene.app.assets, transparent: layer != nil, tolerance: tolerance,
        file: file, testName: testName, line: line)
}

/// Compares one widget of `scene`, drawn alone on a transparent background, with its golden.
public func assertGolden(
    widget: String, of scene: StudioScene, named name: String,
    tolerance: ImageTolerance = .exact,
    file: StaticString = #filePath, testName: String = #function, line: UInt = #line
) throws {
    try assertGolden(
        try Golden.widgetList(widget, of: scene), named: name, assets: scene.app.assets, transparent: true,
        tolerance: tolerance, file: file, testName: testName, line: line)
}

/// Compares the picture of `list` with its golden `__Snapshots__/<file>/<test>.<name>.png`.
public func assertGolden(
    _ list: DisplayList, named name: String, assets: URL, transparent: Bool = false,
    tolerance: ImageTolerance = .exact,
    file: StaticString = #filePath, testName: String = #function, line: UInt = #line
) throws {
    let png = try Golden.png(list, assets: assets, transparent: transparent)
    let test = sanitizedTestName(testName)
    let fileStem = URL(fileURLWithPath: "\(file)").deletingPathExtension().lastPathComponent
    let artifact = "\(fileStem).\(test).\(name)"
    let record: SnapshotTestingConfiguration.Record = ProcessInfo.processInfo.environment["SNAPSHOT_RECORD"] == "1" ? .all : .missing
    let failure = withSnapshotTesting(record: record) {
        verifySnapshot(of: png, as: .png(tolerance, artifactName: artifact), named: name, file: file, testName: testName, line: line)
    }
    let sidecar = URL(fileURLWithPath: "\(file)").deletingLastPathComponent()
        .appendingPathComponent("__Snapshots__/\(fileStem)/\(test).\(name).layers.txt")
    let current = layerFingerprints(list)
    let text = LayerKind.allCases.map { "\($0.name) \(current[$0.name]!)" }.joined(separator: "\n") + "\n"
    if let failure, failure.contains("recorded") || failure.contains("Record mode") {
        try? text.write(to: sidecar, atomically: true, encoding: .utf8)
        // Re-recording on purpose succeeds. A reference that was missing fails the test, so
        // that CI never passes on a new picture, but does not stop it: the test goes on and
        // records its other missing goldens, so one run records them all.
        if record == .all { return }
        reportFailure("\(name): no reference yet, recorded now: \(failure)", file: file, line: line)
        return
    }
    guard let stored = storedFingerprints(at: sidecar) else {
        try? text.write(to: sidecar, atomically: true, encoding: .utf8)
        reportFailure(
            "\(name): its layer fingerprints were missing; recorded them at \(sidecar.path): check them in", file: file,
            line: line)
        return
    }
    // The fingerprints are compared on every run, not only after a pixel failure: a layer
    // whose draw items changed fails even where its pixels happen to match (a widget moved
    // under another, a color changed where it is covered).
    let changed = LayerKind.allCases.filter { stored[$0.name] != current[$0.name] }
    // A pass writes nothing.
    if failure == nil, changed.isEmpty { return }
    for kind in changed.isEmpty ? LayerKind.allCases : changed {
        if let layerPNG = try? Golden.png(list.filtered(to: [kind]), assets: assets, transparent: true) {
            _ = GoldenArtifacts.write(layerPNG, named: "\(artifact).layer-\(kind.name).actual.png")
        }
    }
    let layers = changed.map(\.name).joined(separator: ", ")
    guard let failure else {
        throw GoldenMismatch(
            description: "\(name): the pixels match, but the draw items of layer(s) \(layers) changed "
                + "(each rendered alone in the artifacts); if the change is meant, re-record with SNAPSHOT_RECORD=1")
    }
    let summary =
        changed.isEmpty
        ? "no layer's display list changed (the rendering did); every layer alone is in the artifacts"
        : "layer(s) that differ: \(layers) (each rendered alone in the artifacts)"
    throw GoldenMismatch(description: "\(name): \(summary). \(failure)")
}

/// The fingerprints recorded in `sidecar`, by layer name; nil when there is no file.
func storedFingerprints(at sidecar: URL) -> [String: String]? {
    guard let text = try? String(contentsOf: sidecar, encoding: .utf8) else { return nil }
    var stored: [String: String] = [:]
    for row in text.split(separator: "\n") {
        let parts = row.split(separator: " ", maxSplits: 1)
        if parts.count == 2 { stored[String(parts[0])] = String(parts[1]) }
    }
    return stored
}

/// One display list's per-layer fingerprints (item count and FNV-1a of the items), stored
/// beside each golden as `<test>.<name>.layers.txt`: when the frame differs, they say which
/// layers changed.
func layerFingerprints(_ list: DisplayList) -> [String: String] {
    var out: [String: String] = [:]
    for kind in LayerKind.allCases {
        let items = list.items(in: kind)
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for item in items { for byte in String(describing: item).utf8 { h = (h ^ UInt64(byte)) &* 0x100_0000_01b3 } }
        out[kind.name] = "\(items.count) \(String(h, radix: 16))"
    }
    return out
}

/// The test name as swift-snapshot-testing puts it in file names (`testFoo()` -> `testFoo`).
func sanitizedTestName(_ testName: String) -> String {
    var out = ""
    var lastWasDash = false
    for ch in testName {
        if ch.isLetter || ch.isNumber || ch == "_" {
            out.append(ch)
            lastWasDash = false
        } else if !lastWasDash {
            out.append("-")
            lastWasDash = true
        }
    }
    return out.trimmingCharacters(in: CharacterSet(charactersIn: "-"))
}
