import Foundation
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

/// Why a picture does not match its reference, in pixels: the reference is unreadable, of
/// another size, or too many pixels differ. The actual picture and, for differing pixels, a
/// difference image are written to the artifacts folder under `artifactName`.
///
/// The comparison is LiveStudio's own rather than swift-snapshot-testing's `verifySnapshot`:
/// that one writes a copy of each failing picture into the system's temporary folder, where
/// it stays, and frames every message for a diff tool (`@−`/`@+` and a ksdiff hint) that a
/// golden's reader has no use for. The path and the record rules it kept are a few lines.
struct PixelMismatch {
    var summary: String
    /// Pixels that differ by more than the threshold; 0 when the pictures could not be compared.
    var differing: Int
    /// The comparison, when both pictures decoded at one size: the review entry reuses it.
    var difference: GoldenDifference? = nil

    static func compare(
        reference: Data, at referencePath: String, actual: Data, tolerance: ImageTolerance, artifactName: String
    ) -> PixelMismatch? {
        if reference == actual { return nil }
        let actualPath = GoldenArtifacts.write(actual, named: "\(artifactName).actual.png")
        let old: PNGPixels
        do { old = try PNGPixels(png: reference) } catch {
            return PixelMismatch(
                summary: "the reference \(referencePath) is not a PNG this library can read (\(error)); actual: \(actualPath)",
                differing: 0)
        }
        guard let new = try? PNGPixels(png: actual) else {
            return PixelMismatch(summary: "the actual picture could not be decoded", differing: 0)
        }
        guard old.width == new.width, old.height == new.height else {
            return PixelMismatch(
                summary: "size \(new.width)x\(new.height) differs from the reference's \(old.width)x\(old.height) "
                    + "(\(referencePath)); actual: \(actualPath)",
                differing: 0)
        }
        let difference = GoldenDifference(reference: old, actual: new, threshold: tolerance.channelThreshold)
        let fraction = Double(difference.differing) / Double(old.width * old.height)
        if fraction <= tolerance.maxDifferingFraction { return nil }
        let diffPath =
            (try? GoldenReview.differencePNG(difference.image, width: old.width, height: old.height))
            .map { GoldenArtifacts.write($0, named: "\(artifactName).difference.png") } ?? "(not written)"
        let percent = (fraction * 10000).rounded() / 100
        return PixelMismatch(
            summary: "\(difference.differing) pixels (\(percent)%) differ by more than \(tolerance.channelThreshold) per channel "
                + "(tolerance: \(tolerance.maxDifferingFraction * 100)% of pixels); reference: \(referencePath); "
                + "actual: \(actualPath); difference: \(diffPath)",
            differing: difference.differing, difference: difference)
    }
}
