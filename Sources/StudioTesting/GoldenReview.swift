import Foundation
import StudioInspection
import StudioKit
import StudioSDL

/// The failures of a test process, kept for the review page (`GoldenReviewPage`): each as
/// `<artifacts>/golden-review/<golden>.json`, the page written from all of them when the
/// process ends (or when `Golden.writeReviewPage()` is called, or by `studio review`), so
/// that a run with many failures encodes its pictures once. A golden that passes again drops
/// its entry; the page goes when no entry is left.
enum GoldenReview {
    typealias Entry = GoldenReviewPage.Entry

    /// Draw items listed per layer at most; a frame's busiest layer can hold thousands.
    static let maxItems = 400

    /// The artifacts folders with entries to write at exit, and whether the exit hook is in.
    private static let pending = Locked((folders: Set<URL>(), hookInstalled: false))

    /// Keeps `entry` for the page of `artifacts`; the page is written when the process ends.
    static func add(_ entry: Entry, artifacts: URL) {
        let folder = GoldenReviewPage.folder(in: artifacts)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        if let data = try? encoder.encode(entry) {
            try? data.write(to: folder.appendingPathComponent("\(entry.id).json"), options: .atomic)
        }
        markPending(artifacts)
    }

    /// Drops what an earlier failure of a golden that passes now left: its entry and its
    /// pictures (`<id>.actual.png`, `<id>.difference.png`, `<id>.layer-*.actual.png`).
    static func passed(_ id: String, artifacts: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: artifacts.path)) ?? []
        for name in names where name.hasPrefix("\(id).") && name.hasSuffix(".png") {
            try? FileManager.default.removeItem(at: artifacts.appendingPathComponent(name))
        }
        let url = GoldenReviewPage.folder(in: artifacts).appendingPathComponent("\(id).json")
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        try? FileManager.default.removeItem(at: url)
        markPending(artifacts)
    }

    private static func markPending(_ artifacts: URL) {
        pending.withLock {
            $0.folders.insert(artifacts)
            if !$0.hookInstalled {
                $0.hookInstalled = true
                atexit { GoldenReview.writePending() }
            }
        }
    }

    static func writePending() {
        let folders = pending.withLock { pending in
            defer { pending.folders.removeAll() }
            return pending.folders
        }
        for artifacts in folders { _ = try? GoldenReviewPage.write(artifacts: artifacts) }
    }

    // MARK: - Building an entry

    /// What a failed golden's entry is made of, from its assertion.
    struct Failure {
        var id: String
        var test: String
        var name: String
        var location: String
        var message: String
        var referenceURL: URL
        var actual: Data
        var threshold: UInt8
        var list: DisplayList
        var stored: [String: String]?
        var current: [String: String]
        /// The studio pixels of the picture's top left (a widget golden is a crop).
        var origin: Point
        var locate: WidgetLocator?
        /// The pixel comparison the assertion already made, if it made one.
        var difference: GoldenDifference? = nil
    }

    static func entry(_ failure: Failure) -> Entry {
        let reference = try? Data(contentsOf: failure.referenceURL)
        var difference = failure.difference
        var size = difference.map { ($0.width, $0.height) } ?? (0, 0)
        if difference == nil, let actual = try? PNGPixels(png: failure.actual) {
            size = (actual.width, actual.height)
            if let reference, let old = try? PNGPixels(png: reference), old.width == actual.width, old.height == actual.height {
                difference = GoldenDifference(reference: old, actual: actual, threshold: failure.threshold)
            }
        }
        let regions = difference?.regions ?? []
        let shown = regions.prefix(GoldenDifference.maxRegions)
        // Regions in studio coordinates: where the widgets and the draw items are.
        let onScreen = shown.map { $0.offsetBy(dx: failure.origin.x, dy: failure.origin.y) }
        let layers = LayerKind.allCases.compactMap { kind -> Entry.Layer? in
            let stored = failure.stored?[kind.name], current = failure.current[kind.name] ?? ""
            let changed = stored != current
            let items = failure.list.items(in: kind)
            guard changed || items.contains(where: { item in onScreen.contains { covers(item, $0) } }) else { return nil }
            let listed = items.prefix(maxItems).map { item in
                Entry.Item(
                    text: String(describing: item).replacingOccurrences(of: "StudioKit.", with: ""),
                    underChange: onScreen.contains { covers(item, $0) })
            }
            return Entry.Layer(
                name: kind.name, reference: stored, actual: current, changed: changed, items: listed,
                moreItems: items.count - listed.count)
        }
        return Entry(
            id: failure.id, test: failure.test, name: failure.name, location: failure.location, message: failure.message,
            reference: reference, actual: failure.actual,
            difference: difference.flatMap { try? differencePNG($0.image, width: $0.width, height: $0.height) },
            width: size.0, height: size.1, differing: difference?.differing ?? 0,
            regions: zip(shown, onScreen).map { local, screen in
                Entry.Region(
                    x: Int(local.minX), y: Int(local.minY), width: Int(local.width), height: Int(local.height),
                    widgets: failure.locate?(screen) ?? [])
            },
            moreRegions: regions.count - shown.count, layers: layers)
    }

    /// Whether the item's bounds on the screen, where they are known, meet `region` (text
    /// has no bounds until it is measured, so it is never marked).
    static func covers(_ item: DrawItem, _ region: Rect) -> Bool {
        let local: Rect
        switch item.command {
        case .fill(let shape, _), .stroke(let shape, _, _), .gradient(let shape, _): local = shape.bounds
        case .image(_, let rect, _), .imageSlice(_, _, _, let rect, _), .picture(_, let rect, _): local = rect
        case .sprite(let sprite, let origin, _): local = Rect(origin: origin, size: sprite.size)
        case .text, .pushClip, .popClip: return false
        }
        return item.transform.apply(local).intersects(region)
    }

    static func differencePNG(_ rgba: [UInt8], width: Int, height: Int) throws -> Data {
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

/// Names the widgets drawn over a region of the studio (in studio pixels), topmost first.
typealias WidgetLocator = (Rect) -> [String]
