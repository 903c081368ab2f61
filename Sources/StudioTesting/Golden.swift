import Foundation
@_exported import StudioAppCore
import StudioInspection
import StudioKit
import StudioSDL
import Studios

/// Golden images: a frame, a layer or one widget rendered as the window renders it and
/// compared with the PNG recorded beside the test, `__Snapshots__/<test file>/<test>.<name>.png`.
///
/// Each assertion fails the running test when the picture differs by a single pixel (unless
/// the test passes a `tolerance`), in Swift Testing and in XCTest alike, and lets it go on:
/// every golden of a test is compared, and each mismatch is its own issue. The message names
/// the golden, the layers that changed, the widgets drawn where the pixels differ, how many
/// pixels differ, and the reference, actual and difference pictures.
/// Beside each golden a `.layers.txt` holds each layer's item count and fingerprint; they are
/// compared on every run, so a layer whose draw items changed fails even where the pixels
/// match, and a failure names the layers that changed and leaves each of them rendered alone
/// in the artifacts folder (`$SNAPSHOT_ARTIFACTS`, default `artifacts/`). Every failure is
/// also shown on one review page, `artifacts/golden-review.html`, written when the tests end:
/// reference and actual side by side, their difference, a slider and an onion skin, the
/// regions that changed with the widgets drawn there, and the changed layers' draw items.
/// A pass writes nothing. A missing reference is recorded and the test fails saying so, without stopping:
/// one run records every missing golden. `SNAPSHOT_RECORD=1` re-records every golden
/// without failing.
public enum Golden {
    /// Measures text with the real fonts, as the window and the renderer do.
    /// - Throws: `FontLibraryError` naming the Debian package when a font is missing.
    public static func measurer() throws -> any TextMeasurer { TTFTextMeasurer(fonts: try FontLibrary()) }

    /// Renders `list` into a PNG (transparent background when `transparent`): the whole
    /// 720x1280 studio, or `size` logical pixels from the origin at one pixel each.
    /// - Throws: `FontLibraryError` naming the Debian package when a font is missing.
    public static func png(_ list: DisplayList, assets: URL, transparent: Bool = false, size: Size? = nil) throws -> Data {
        let area = size ?? .studio
        let target = try OffscreenTarget(
            width: Int(clamping: area.width.rounded()), height: Int(clamping: area.height.rounded()),
            logicalSize: area, fonts: try FontLibrary(), assetsDirectory: assets.path,
            background: transparent ? .clear : .black)
        try target.render(list)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("golden-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: url) }
        try target.writePNG(to: url.path)
        return try Data(contentsOf: url)
    }

    /// The display list of one widget of `scene`, alone in its layer and at its place in the
    /// studio (drawn through its parents' transforms, as the frame draws it), moved by
    /// `-origin` (the top left of a crop).
    /// - Throws: `SceneError` listing the widgets when none is named `name`.
    package static func widgetList(_ name: String, of scene: StudioScene, origin: Point = .zero) throws -> DisplayList {
        try self.widget(name, of: scene).displayListAlone(measurer: scene.driver.backend.textMeasurer, origin: origin)
    }

    /// Where one widget of `scene` shows, in whole studio pixels: its frame on screen and
    /// whatever it draws past it (a shadow, a glow, text that overflows), within the studio.
    /// - Throws: `SceneError` when no widget is named `name`.
    package static func widgetCrop(_ name: String, of scene: StudioScene) throws -> Rect {
        let widget = try self.widget(name, of: scene)
        return try OffscreenTarget.widgetCrop(
            frame: widget.transformToRoot.apply(widget.bounds), drawing: try widgetList(name, of: scene), fonts: try FontLibrary(),
            assets: scene.app.assets.path)
    }

    /// Runs `body` with failed goldens' artifacts and review page kept in `folder` instead of
    /// `$SNAPSHOT_ARTIFACTS`: for a test that breaks a golden on purpose and reads its review.
    public static func withArtifacts<R>(in folder: URL, _ body: () throws -> R) rethrows -> R {
        try GoldenArtifacts.$override.withValue(folder) { try body() }
    }

    /// Writes the review page of the failed goldens now (it is otherwise written when the
    /// test process ends) into the artifacts folder in force.
    /// - Returns: the page, or nil when no golden has failed there.
    @discardableResult
    public static func writeReviewPage() throws -> URL? { try GoldenReviewPage.write(artifacts: GoldenArtifacts.folder) }

    /// The widgets of `roots`' subtrees that draw over `region` (studio pixels), topmost
    /// first: later layers, later siblings and children over their parents. At most three.
    /// A widget counts when one of its own draw items covers the region; a full-screen
    /// overlay that draws nothing there is passed over. When none does (text has no bounds
    /// before it is measured), the widgets whose frames meet the region are named instead.
    static func widgets(under region: Rect, roots: [(Widget, LayerKind)], measurer: TextMeasurer) -> [String] {
        var drawing: [String] = [], framing: [String] = []
        func visit(_ widget: Widget, _ kind: LayerKind) {
            guard drawing.count < 3, !widget.isHidden, !widget.isConcealed, widget.alpha > 0 else { return }
            for child in widget.children.reversed() { visit(child, kind) }
            guard drawing.count < 3, widget.transformToRoot.apply(widget.bounds).intersects(region) else { return }
            let label = "\(widget.name) (\(type(of: widget)), \(kind.name))"
            let own = (try? widget.displayListAlone(measurer: measurer))?.items ?? []
            if own.contains(where: { GoldenReview.covers($0, region) }) {
                drawing.append(label)
            } else if framing.count < 3 {
                framing.append(label)
            }
        }
        for (widget, kind) in roots.reversed() { visit(widget, kind) }
        return drawing.isEmpty ? framing : drawing
    }

    static func widget(_ name: String, of scene: StudioScene) throws -> Widget {
        let studio = scene.driver.studio
        guard let widget = studio.root.first(named: name) else {
            let names = LayerKind.allCases.flatMap { studio.layer($0).children.map(\.name) }
            throw SceneError("no widget named '\(name)' in the \(studio.room.kind) studio; its widgets: \(names.joined(separator: ", "))")
        }
        return widget
    }
}

/// A golden that did not match, as 0.10.0 threw it. A mismatch is now the running test's
/// issue, so that the test's later goldens are compared too; nothing throws this.
@available(*, deprecated, message: "a golden's mismatch is recorded as the test's issue and no longer thrown")
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
    let studio = scene.driver.studio
    let roots = (layer.map { [$0] } ?? LayerKind.allCases).flatMap { kind in studio.layer(kind).children.map { ($0, kind) } }
    try compareGolden(
        list, named: name, assets: scene.app.assets, transparent: layer != nil, size: nil, tolerance: tolerance,
        origin: .zero, locate: { Golden.widgets(under: $0, roots: roots, measurer: scene.driver.backend.textMeasurer) }, file: file,
        testName: testName, line: line)
}

/// Compares one widget of `scene`, drawn alone on a transparent background and cropped to
/// where it shows (its frame, and what it draws past it), with its golden: a change to a small
/// widget is a change to most of its picture, not to a corner of a whole frame.
public func assertGolden(
    widget: String, of scene: StudioScene, named name: String,
    tolerance: ImageTolerance = .exact,
    file: StaticString = #filePath, testName: String = #function, line: UInt = #line
) throws {
    let crop = try Golden.widgetCrop(widget, of: scene)
    let root = try Golden.widget(widget, of: scene)
    let kind = try LayerKind.of(level: root.level)
    try compareGolden(
        try Golden.widgetList(widget, of: scene, origin: crop.origin), named: name, assets: scene.app.assets,
        transparent: true, size: crop.size, tolerance: tolerance, origin: crop.origin,
        locate: { Golden.widgets(under: $0, roots: [(root, kind)], measurer: scene.driver.backend.textMeasurer) }, file: file,
        testName: testName, line: line)
}

/// Compares the picture of `list` with its golden `__Snapshots__/<file>/<test>.<name>.png`.
public func assertGolden(
    _ list: DisplayList, named name: String, assets: URL, transparent: Bool = false, size: Size? = nil,
    tolerance: ImageTolerance = .exact,
    file: StaticString = #filePath, testName: String = #function, line: UInt = #line
) throws {
    try compareGolden(
        list, named: name, assets: assets, transparent: transparent, size: size, tolerance: tolerance, origin: .zero,
        locate: nil, file: file, testName: testName, line: line)
}

/// The comparison behind every `assertGolden`; `origin` is where the picture's top left sits
/// in the studio and `locate` names the widgets under a region, for the message and the
/// review page. A mismatch is reported as the test's issue, not thrown, so that a test's
/// later goldens are still compared; what throws is a picture that cannot be made at all.
func compareGolden(
    _ list: DisplayList, named name: String, assets: URL, transparent: Bool, size: Size?, tolerance: ImageTolerance,
    origin: Point, locate: WidgetLocator?, file: StaticString, testName: String, line: UInt
) throws {
    let png = try Golden.png(list, assets: assets, transparent: transparent, size: size)
    let test = sanitizedTestName(testName)
    let fileStem = URL(fileURLWithPath: "\(file)").deletingPathExtension().lastPathComponent
    let artifact = "\(fileStem).\(test).\(name)"
    // swift-snapshot-testing's layout, which the recorded goldens follow:
    // `__Snapshots__/<test file>/<test>.<name>.png` beside the test file.
    let stem = URL(fileURLWithPath: "\(file)").deletingLastPathComponent()
        .appendingPathComponent("__Snapshots__/\(fileStem)/\(test).\(sanitizedTestName(name))")
    let reference = stem.appendingPathExtension("png")
    let sidecar = stem.appendingPathExtension("layers.txt")
    let current = layerFingerprints(list)
    let text = LayerKind.allCases.map { "\($0.name) \(current[$0.name]!)" }.joined(separator: "\n") + "\n"
    let recordAll = ProcessInfo.processInfo.environment["SNAPSHOT_RECORD"] == "1"
    if recordAll || !FileManager.default.fileExists(atPath: reference.path) {
        try FileManager.default.createDirectory(at: reference.deletingLastPathComponent(), withIntermediateDirectories: true)
        try png.write(to: reference, options: .atomic)
        try text.write(to: sidecar, atomically: true, encoding: .utf8)
        // Re-recording on purpose succeeds. A reference that was missing fails the test, so
        // that CI never passes on a new picture, but does not stop it: the test goes on and
        // records its other missing goldens, so one run records them all.
        if recordAll { return }
        reportFailure("\(name): no reference yet, recorded now at \(reference.path): check it in", file: file, line: line)
        return
    }
    guard let stored = storedFingerprints(at: sidecar) else {
        try text.write(to: sidecar, atomically: true, encoding: .utf8)
        reportFailure(
            "\(name): its layer fingerprints were missing; recorded them at \(sidecar.path): check them in", file: file,
            line: line)
        return
    }
    // The fingerprints are compared on every run, not only after a pixel failure: a layer
    // whose draw items changed fails even where its pixels happen to match (a widget moved
    // under another, a color changed where it is covered).
    let changed = LayerKind.allCases.filter { stored[$0.name] != current[$0.name] }
    let artifacts = GoldenArtifacts.folder
    let pixels = PixelMismatch.compare(
        reference: try Data(contentsOf: reference), at: reference.path, actual: png, tolerance: tolerance,
        artifactName: artifact)
    // A pass writes nothing (it only drops what an earlier failure of this golden left for review).
    if pixels == nil, changed.isEmpty {
        GoldenReview.passed(artifact, artifacts: artifacts)
        return
    }
    for kind in changed.isEmpty ? LayerKind.allCases : changed {
        if let layerPNG = try? Golden.png(list.filtered(to: [kind]), assets: assets, transparent: true, size: size) {
            _ = GoldenArtifacts.write(layerPNG, named: "\(artifact).layer-\(kind.name).actual.png")
        }
    }
    var entry = GoldenReview.entry(
        .init(
            id: artifact, test: "\(fileStem).\(test)", name: name, location: "\(file):\(line)", message: "",
            referenceURL: reference, actual: png, threshold: tolerance.channelThreshold, list: list,
            stored: stored, current: current, origin: origin, locate: locate, difference: pixels?.difference))
    var widgets: [String] = []
    for widget in entry.regions.flatMap(\.widgets) where !widgets.contains(widget) { widgets.append(widget) }
    entry.message = mismatchMessage(name, pixels: pixels?.summary, changed: changed, widgets: widgets)
    GoldenReview.add(entry, artifacts: artifacts)
    reportFailure(
        "\(entry.message)\nreview page (written when the tests end, or by studio review): \(GoldenReviewPage.page(in: artifacts).path)",
        file: file, line: line)
}

/// Why the golden `name` failed: its pixels (`pixels`), its layers' draw items (`changed`),
/// or both, and the widgets drawn where the pixels differ.
private func mismatchMessage(_ name: String, pixels: String?, changed: [LayerKind], widgets: [String]) -> String {
    let layers = changed.map(\.name).joined(separator: ", ")
    guard let pixels else {
        return "\(name): the pixels match, but the draw items of layer(s) \(layers) changed "
            + "(each rendered alone in the artifacts); if the change is meant, re-record with SNAPSHOT_RECORD=1"
    }
    let summary =
        changed.isEmpty
        ? "no layer's display list changed (the rendering did); every layer alone is in the artifacts"
        : "layer(s) that differ: \(layers) (each rendered alone in the artifacts)"
    let there = widgets.isEmpty ? "" : "; widget(s) where the pixels differ: \(widgets.joined(separator: "; "))"
    return "\(name): \(summary)\(there). \(pixels)"
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
        var fnv = FNV1a<UInt64>()
        for item in items { fnv.add(String(describing: item).utf8) }
        let h = fnv.value
        out[kind.name] = "\(items.count) \(String(h, radix: 16))"
    }
    return out
}

/// A test's or golden's name as swift-snapshot-testing puts it in file names (`testFoo()` ->
/// `testFoo`, `badge.gold` -> `badge-gold`), so that the fingerprints sit beside the PNG.
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
