import Foundation
import SnapshotTesting
import StudioKit
import StudioSDL

/// How much two frames may differ and still match: a pixel differs when any RGBA channel
/// differs by more than `channelThreshold` (of 255); the frames match when at most
/// `maxDifferingFraction` of the pixels differ. The renderer draws the same bytes for the
/// same inputs, in debug and release, so goldens are `exact` unless a test asks for more:
/// any tolerance can hide a real change (0.05% of a 720x1280 frame is a whole small widget).
public struct ImageTolerance: Sendable, Equatable {
    public var channelThreshold: UInt8
    public var maxDifferingFraction: Double
    /// Every pixel the same: the default.
    public static let exact = ImageTolerance(channelThreshold: 0, maxDifferingFraction: 0)

    public init(channelThreshold: UInt8, maxDifferingFraction: Double) {
        self.channelThreshold = channelThreshold
        self.maxDifferingFraction = maxDifferingFraction
    }
}

/// Where failing goldens leave their actual and difference images: `$SNAPSHOT_ARTIFACTS`,
/// default `artifacts/` in the working directory (the package root under `swift test`).
enum GoldenArtifacts {
    static var folder: URL {
        if let env = ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"], !env.isEmpty {
            return URL(fileURLWithPath: env, isDirectory: true)
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("artifacts", isDirectory: true)
    }

    static func write(_ data: Data, named name: String) -> String {
        let url = folder.appendingPathComponent(name)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? data.write(to: url)
        return url.path
    }
}

extension Diffing where Value == Data {
    /// PNG frames compared by decoded RGBA within `tolerance`; on a mismatch the actual
    /// and a difference image (red where pixels differ, the reference dimmed elsewhere) are
    /// written to the artifacts folder under `artifactName`.
    static func png(_ tolerance: ImageTolerance = .exact, artifactName: String) -> Diffing {
        Diffing.diff(toData: { $0 }, fromData: { $0 }) { reference, actual in
            if reference == actual { return nil }
            guard let old = try? PNGPixels(png: reference), let new = try? PNGPixels(png: actual) else {
                return ("a PNG could not be decoded", [])
            }
            let actualPath = GoldenArtifacts.write(actual, named: "\(artifactName).actual.png")
            guard old.width == new.width, old.height == new.height else {
                return (
                    "size \(new.width)x\(new.height) differs from the reference's \(old.width)x\(old.height); actual: \(actualPath)", []
                )
            }
            var differing = 0
            var diff = [UInt8](repeating: 0, count: old.rgba.count)
            for p in stride(from: 0, to: old.rgba.count, by: 4) {
                var worst: UInt8 = 0
                for c in 0..<4 {
                    let a = old.rgba[p + c], b = new.rgba[p + c]
                    worst = max(worst, a > b ? a - b : b - a)
                }
                if worst > tolerance.channelThreshold {
                    differing += 1
                    diff[p] = 255
                    diff[p + 3] = 255
                } else {
                    for c in 0..<3 { diff[p + c] = old.rgba[p + c] / 4 }
                    diff[p + 3] = 255
                }
            }
            let fraction = Double(differing) / Double(old.width * old.height)
            if fraction <= tolerance.maxDifferingFraction { return nil }
            let diffPath =
                (try? differencePNG(diff, width: old.width, height: old.height))
                .map { GoldenArtifacts.write($0, named: "\(artifactName).difference.png") } ?? "(not written)"
            let percent = (fraction * 10000).rounded() / 100
            return (
                "\(differing) pixels (\(percent)%) differ by more than \(tolerance.channelThreshold) per channel "
                    + "(tolerance: \(tolerance.maxDifferingFraction * 100)% of pixels); actual: \(actualPath); difference: \(diffPath)", []
            )
        }
    }

    private static func differencePNG(_ rgba: [UInt8], width: Int, height: Int) throws -> Data {
        let target = try OffscreenTarget(
            width: width, height: height, fonts: try FontLibrary(),
            assetsDirectory: FileManager.default.temporaryDirectory.path)
        for i in 0..<(width * height) {
            target.frame.pixels[i] = 0xFF00_0000 | UInt32(rgba[4 * i]) << 16 | UInt32(rgba[4 * i + 1]) << 8 | UInt32(rgba[4 * i + 2])
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("golden-diff-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: url) }
        try target.writePNG(to: url.path)
        return try Data(contentsOf: url)
    }
}

extension Snapshotting where Value == Data, Format == Data {
    /// A PNG frame, stored as `<test>.<name>.png`.
    static func png(_ tolerance: ImageTolerance = .exact, artifactName: String) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .png(tolerance, artifactName: artifactName))
    }
}
