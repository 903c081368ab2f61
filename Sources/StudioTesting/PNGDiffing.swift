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

/// Where failing goldens leave their actual and difference images and the review page:
/// `$SNAPSHOT_ARTIFACTS`, default `artifacts/` in the working directory (the package root
/// under `swift test`), or the folder `Golden.withArtifacts(in:)` gives.
enum GoldenArtifacts {
    @TaskLocal static var override: URL?

    static var folder: URL {
        if let override { return override }
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
            let actualPath = GoldenArtifacts.write(actual, named: "\(artifactName).actual.png")
            let old: PNGPixels
            do { old = try PNGPixels(png: reference) } catch {
                return ("the reference is not a PNG this library can read (\(error)); actual: \(actualPath)", [])
            }
            guard let new = try? PNGPixels(png: actual) else { return ("the actual picture could not be decoded", []) }
            guard old.width == new.width, old.height == new.height else {
                return (
                    "size \(new.width)x\(new.height) differs from the reference's \(old.width)x\(old.height); actual: \(actualPath)", []
                )
            }
            let difference = GoldenDifference(reference: old, actual: new, threshold: tolerance.channelThreshold)
            let fraction = Double(difference.differing) / Double(old.width * old.height)
            if fraction <= tolerance.maxDifferingFraction { return nil }
            let diffPath =
                (try? GoldenReview.differencePNG(difference.image, width: old.width, height: old.height))
                .map { GoldenArtifacts.write($0, named: "\(artifactName).difference.png") } ?? "(not written)"
            let percent = (fraction * 10000).rounded() / 100
            return (
                "\(difference.differing) pixels (\(percent)%) differ by more than \(tolerance.channelThreshold) per channel "
                    + "(tolerance: \(tolerance.maxDifferingFraction * 100)% of pixels); actual: \(actualPath); difference: \(diffPath)", []
            )
        }
    }
}

extension Snapshotting where Value == Data, Format == Data {
    /// A PNG frame, stored as `<test>.<name>.png`.
    static func png(_ tolerance: ImageTolerance = .exact, artifactName: String) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .png(tolerance, artifactName: artifactName))
    }
}
