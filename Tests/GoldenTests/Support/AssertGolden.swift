import Foundation
import SnapshotTesting
import StudioKit
import XCTest

/// Record mode: `SNAPSHOT_RECORD=1` (what `make snapshots` sets) re-records every golden;
/// otherwise a missing reference is recorded and its test fails saying so.
var goldenRecordMode: SnapshotTestingConfiguration.Record {
    ProcessInfo.processInfo.environment["SNAPSHOT_RECORD"] == "1" ? .all : .missing
}

/// One display list's per-layer fingerprints (item count and FNV-1a of the items), stored
/// beside each frame golden as `<test>.<name>.layers.txt`: when the frame differs, they say
/// which layers changed.
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

/// Compares the frame of `list` with its golden `__Snapshots__/<file>/<test>.<name>.png`.
/// On a mismatch the failure names the layers whose display lists changed and leaves each
/// of them rendered alone in the artifacts folder, besides the whole actual and difference.
func assertGolden(_ list: DisplayList, named name: String, transparent: Bool = false,
                  file: StaticString = #filePath, testName: String = #function, line: UInt = #line) {
    let png: Data
    do { png = try GoldenScene.png(list, transparent: transparent) } catch {
        XCTFail("cannot render \(name): \(error)", file: file, line: line)
        return
    }
    let test = sanitized(testName)
    let fileStem = URL(fileURLWithPath: "\(file)").deletingPathExtension().lastPathComponent
    let artifact = "\(fileStem).\(test).\(name)"
    let failure = withSnapshotTesting(record: goldenRecordMode) {
        verifySnapshot(of: png, as: .png(artifactName: artifact), named: name, file: file, testName: testName, line: line)
    }
    let sidecar = URL(fileURLWithPath: "\(file)").deletingLastPathComponent()
        .appendingPathComponent("__Snapshots__/\(fileStem)/\(test).\(name).layers.txt")
    let current = layerFingerprints(list)
    let text = LayerKind.allCases.map { "\($0.name) \(current[$0.name]!)" }.joined(separator: "\n") + "\n"
    guard let failure else {
        try? text.write(to: sidecar, atomically: true, encoding: .utf8)
        return
    }
    if failure.contains("recorded") || failure.contains("Record mode") {
        try? text.write(to: sidecar, atomically: true, encoding: .utf8)
        XCTFail(failure, file: file, line: line)
        return
    }
    var stored: [String: String] = [:]
    for row in ((try? String(contentsOf: sidecar, encoding: .utf8)) ?? "").split(separator: "\n") {
        let parts = row.split(separator: " ", maxSplits: 1)
        if parts.count == 2 { stored[String(parts[0])] = String(parts[1]) }
    }
    let changed = LayerKind.allCases.filter { stored[$0.name] != current[$0.name] }
    for kind in changed.isEmpty ? LayerKind.allCases : changed {
        if let layerPNG = try? GoldenScene.png(list.filtered(to: [kind]), transparent: true) {
            _ = GoldenArtifacts.write(layerPNG, named: "\(artifact).layer-\(kind.name).actual.png")
        }
    }
    let layers = changed.isEmpty
        ? "no layer's display list changed (the rendering did); every layer alone is in the artifacts"
        : "layer(s) that differ: \(changed.map(\.name).joined(separator: ", ")) (each rendered alone in the artifacts)"
    XCTFail("\(name): \(layers). \(failure)", file: file, line: line)
}

/// The test name as swift-snapshot-testing puts it in file names (`testFoo()` -> `testFoo`).
func sanitized(_ testName: String) -> String {
    var out = ""
    var lastWasDash = false
    for ch in testName {
        if ch.isLetter || ch.isNumber || ch == "_" { out.append(ch); lastWasDash = false }
        else if !lastWasDash { out.append("-"); lastWasDash = true }
    }
    return out.trimmingCharacters(in: CharacterSet(charactersIn: "-"))
}
