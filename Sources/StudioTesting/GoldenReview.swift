import Foundation
import StudioKit
import StudioSDL

/// The review page of failed goldens: one self-contained HTML file,
/// `<artifacts>/golden-review.html`, that shows each failure's reference and actual side by
/// side, their difference, a slider and an onion skin, the regions that changed with the
/// widgets under them, and each changed layer's draw items.
///
/// Each failure is kept as `<artifacts>/golden-review/<golden>.json` and the page is written
/// from all of them when the test process ends (or when `Golden.writeReviewPage()` is
/// called), so that a run with many failures encodes its pictures once. A golden that passes
/// again drops its entry; the page goes when no entry is left.
enum GoldenReview {
    struct Entry: Codable {
        struct Region: Codable {
            var x: Int
            var y: Int
            var width: Int
            var height: Int
            /// The widgets drawn there, topmost first ("name (Type, layer)").
            var widgets: [String]
        }
        struct Layer: Codable {
            var name: String
            /// "count hash" as recorded beside the golden; nil when nothing was recorded.
            var reference: String?
            var actual: String
            var changed: Bool
            /// The actual draw items, in draw order, each marked when it covers a changed region.
            var items: [Item]
            var moreItems: Int
        }
        struct Item: Codable {
            var text: String
            var underChange: Bool
        }
        var id: String
        var test: String
        var name: String
        var location: String
        var message: String
        var reference: Data?
        var actual: Data
        var difference: Data?
        var width: Int
        var height: Int
        var differing: Int
        var regions: [Region]
        var moreRegions: Int
        var layers: [Layer]
    }

    /// Draw items listed per layer at most; a frame's busiest layer can hold thousands.
    static let maxItems = 400

    private static let lock = NSLock()
    nonisolated(unsafe) private static var pending: Set<URL> = []
    nonisolated(unsafe) private static var hookInstalled = false

    static func folder(in artifacts: URL) -> URL { artifacts.appendingPathComponent("golden-review", isDirectory: true) }
    static func page(in artifacts: URL) -> URL { artifacts.appendingPathComponent("golden-review.html") }

    /// Keeps `entry` for the page of `artifacts`; the page is written when the process ends.
    static func add(_ entry: Entry, artifacts: URL) {
        let folder = folder(in: artifacts)
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
        let url = folder(in: artifacts).appendingPathComponent("\(id).json")
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        try? FileManager.default.removeItem(at: url)
        markPending(artifacts)
    }

    private static func markPending(_ artifacts: URL) {
        lock.withLock {
            pending.insert(artifacts)
            if !hookInstalled {
                hookInstalled = true
                atexit { GoldenReview.writePending() }
            }
        }
    }

    static func writePending() {
        let folders = lock.withLock {
            defer { pending.removeAll() }
            return pending
        }
        for artifacts in folders { _ = try? write(artifacts: artifacts) }
    }

    /// Writes the page of `artifacts` from its entries; removes it when there are none.
    /// - Returns: the page, or nil when no golden has failed.
    static func write(artifacts: URL) throws -> URL? {
        let folder = folder(in: artifacts), page = page(in: artifacts)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
        let decoder = JSONDecoder()
        let entries = names.compactMap { try? decoder.decode(Entry.self, from: Data(contentsOf: folder.appendingPathComponent($0))) }
        guard !entries.isEmpty else {
            try? FileManager.default.removeItem(at: page)
            try? FileManager.default.removeItem(at: folder)
            return nil
        }
        try Data(html(entries).utf8).write(to: page, options: .atomic)
        return page
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
    }

    static func entry(_ failure: Failure) -> Entry {
        let reference = try? Data(contentsOf: failure.referenceURL)
        var difference: GoldenDifference?
        var size = (0, 0)
        if let actual = try? PNGPixels(png: failure.actual) {
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

    // MARK: - The page

    static func html(_ entries: [Entry]) -> String {
        var out = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <title>LiveStudio: \(entries.count) golden\(entries.count == 1 ? "" : "s") failed</title>
            <style>\(css)</style></head><body>
            <h1>\(entries.count) golden\(entries.count == 1 ? "" : "s") failed</h1>
            <p class="how">Red in a difference is a pixel that changed; magenta boxes are the regions that changed. \
            If a change is meant, re-record with <code>SNAPSHOT_RECORD=1</code> and commit the new references.</p>
            <ol class="index">
            """
        for entry in entries {
            out += "<li><a href=\"#\(entry.id.htmlEscaped)\">\(entry.test.htmlEscaped) › \(entry.name.htmlEscaped)</a></li>\n"
        }
        out += "</ol>\n"
        for entry in entries { out += section(entry) }
        out += "<script>\(script)</script></body></html>\n"
        return out
    }

    private static func section(_ e: Entry) -> String {
        // Small widget crops are scaled up by whole pixels, whole frames down to fit.
        let widest = 360.0
        let scale =
            e.width <= 0 ? 1 : (Double(e.width) > widest ? widest / Double(e.width) : max(1, (widest / Double(e.width)).rounded(.down)))
        let shown = "width:\(Int(clamping: (Double(e.width) * scale).rounded()))px"
        func image(_ data: Data?, _ label: String, _ cls: String) -> String {
            guard let data else { return "<figure class=\"\(cls) missing\"><figcaption>\(label)</figcaption><p>none</p></figure>" }
            return """
                <figure class="\(cls)"><figcaption>\(label)</figcaption><div class="frame" style="\(shown)">\
                <img alt="\(label)" src="data:image/png;base64,\(data.base64EncodedString())">\(boxes(e))</div></figure>
                """
        }
        var out = """
            <section class="golden" id="\(e.id.htmlEscaped)" data-width="\(e.width)" data-height="\(e.height)" data-differing="\(e.differing)">
            <h2>\(e.test.htmlEscaped) › \(e.name.htmlEscaped)</h2>
            <p class="where">\(e.location.htmlEscaped) · \(e.width)x\(e.height) · \
            <span class="count">\(e.differing) pixel\(e.differing == 1 ? "" : "s") differ</span></p>
            <pre class="message">\(e.message.htmlEscaped)</pre>
            <div class="modes"><button data-mode="side" class="on">Side by side</button>\
            <button data-mode="slider">Slider</button><button data-mode="onion">Onion skin</button></div>
            <div class="compare side">
            \(image(e.reference, "Reference", "reference"))
            \(image(e.actual, "Actual", "actual"))
            \(image(e.difference, "Difference", "difference"))
            <figure class="overlay"><figcaption>Reference ← → Actual</figcaption><div class="frame stack" style="\(shown)">
            \(e.reference.map { "<img alt=\"Reference\" src=\"data:image/png;base64,\($0.base64EncodedString())\">" } ?? "")\
            <img class="top" alt="Actual" src="data:image/png;base64,\(e.actual.base64EncodedString())">\(boxes(e))</div>
            <input type="range" min="0" max="100" value="50" aria-label="reveal"></figure>
            </div>

            """
        if !e.regions.isEmpty {
            out +=
                "<h3>Where it changed</h3>\n<table class=\"regions\"><tr><th>#</th><th>pixels</th><th>widgets there</th><th>reference</th><th>actual</th></tr>\n"
            for (i, r) in e.regions.enumerated() {
                let widgets =
                    r.widgets.isEmpty
                    ? "<span class=\"none\">(no widget known: a display-list golden)</span>"
                    : r.widgets.map { "<span class=\"widget\">\($0.htmlEscaped)</span>" }.joined(separator: " ")
                out += """
                    <tr class="region" data-x="\(r.x)" data-y="\(r.y)" data-w="\(r.width)" data-h="\(r.height)"><td>\(i + 1)</td>\
                    <td>\(r.width)x\(r.height) at (\(r.x), \(r.y))</td><td>\(widgets)</td>\
                    <td><canvas class="zoom" data-of="reference"></canvas></td><td><canvas class="zoom" data-of="actual"></canvas></td></tr>

                    """
            }
            if e.moreRegions > 0 { out += "<tr><td colspan=\"5\">and \(e.moreRegions) smaller region(s)</td></tr>\n" }
            out += "</table>\n"
        }
        out +=
            "<h3>Layers</h3>\n<table class=\"layers\"><tr><th>layer</th><th>reference items, fingerprint</th><th>actual</th><th></th></tr>\n"
        for layer in e.layers {
            out += """
                <tr class="layer\(layer.changed ? " changed" : "")" data-layer="\(layer.name)"><td>\(layer.name)</td>\
                <td><code>\((layer.reference ?? "not recorded").htmlEscaped)</code></td><td><code>\(layer.actual.htmlEscaped)</code></td>\
                <td>\(layer.changed ? "draw items changed" : "same draw items")</td></tr>

                """
        }
        out += "</table>\n"
        for layer in e.layers {
            let marked = layer.items.filter(\.underChange).count
            out += "<details class=\"items\" data-layer=\"\(layer.name)\"\(layer.changed || marked > 0 ? " open" : "")>"
            out +=
                "<summary>\(layer.name): \(layer.items.count + layer.moreItems) draw items, \(marked) over a changed region</summary><ol>"
            for item in layer.items {
                out += "<li\(item.underChange ? " class=\"hit\"" : "")><code>\(item.text.htmlEscaped)</code></li>"
            }
            if layer.moreItems > 0 { out += "<li>… and \(layer.moreItems) more</li>" }
            out += "</ol></details>\n"
        }
        return out + "</section>\n"
    }

    /// The changed regions as boxes over a picture, placed in percent of its size.
    private static func boxes(_ e: Entry) -> String {
        guard e.width > 0, e.height > 0 else { return "" }
        return e.regions.map { r in
            // One changed pixel would be lost in a scaled-down frame: a box is at least a few
            // percent across, centred on what changed.
            let w = max(Double(r.width) / Double(e.width) * 100, 3),
                h = max(Double(r.height) / Double(e.height) * 100, 3 * Double(e.width) / Double(e.height))
            let x = (Double(r.x) + Double(r.width) / 2) / Double(e.width) * 100 - w / 2
            let y = (Double(r.y) + Double(r.height) / 2) / Double(e.height) * 100 - h / 2
            return "<div class=\"box\" style=\"left:\(percent(x));top:\(percent(y));width:\(percent(w));height:\(percent(h))\"></div>"
        }.joined()
    }

    private static func percent(_ v: Double) -> String { String(format: "%.3f%%", v) }

    static let regionColor = "#ff00ff"

    private static let css = """
        body{font:14px/1.4 system-ui,sans-serif;margin:24px;background:#f4f4f6;color:#111}
        h1{font-size:20px}h2{font-size:16px;margin:0 0 4px}h3{font-size:14px;margin:16px 0 6px}
        .how,.where{color:#555}.count{font-weight:600;color:#b00}
        section.golden{background:#fff;border:1px solid #ddd;border-radius:8px;padding:16px;margin:16px 0}
        pre.message{white-space:pre-wrap;background:#f7f7f7;padding:8px;border-radius:4px;font-size:12px}
        .modes button{font:inherit;padding:4px 10px;margin-right:4px;border:1px solid #aaa;background:#fff;border-radius:4px;cursor:pointer}
        .modes button.on{background:#222;color:#fff}
        .compare{display:flex;gap:16px;flex-wrap:wrap;align-items:flex-start;margin-top:10px}
        figure{margin:0}figcaption{font-weight:600;margin-bottom:4px}
        .frame{position:relative;background:repeating-conic-gradient(#ccc 0 25%,#fff 0 50%) 0 0/16px 16px;line-height:0}
        .frame img{width:100%;image-rendering:pixelated;display:block}
        .stack img.top{position:absolute;left:0;top:0}
        .box{position:absolute;border:2px solid \(regionColor);box-sizing:border-box;pointer-events:none}
        .compare.side .overlay{display:none}
        .compare.slider .reference,.compare.slider .actual,.compare.onion .reference,.compare.onion .actual{display:none}
        .overlay input{width:100%}
        table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:4px 8px;text-align:left;vertical-align:top}
        tr.changed td:first-child{color:#b00;font-weight:600}
        .widget{display:inline-block;background:#eef;border-radius:3px;padding:0 4px;margin:1px}
        canvas.zoom{image-rendering:pixelated;border:1px solid #ccc}
        details.items ol{font-size:12px;max-height:320px;overflow:auto}
        li.hit{background:#ffe4ff}
        """

    private static let script = """
        for (const section of document.querySelectorAll('section.golden')) {
          const compare = section.querySelector('.compare');
          const range = section.querySelector('.overlay input');
          const top = section.querySelector('.overlay img.top');
          const apply = () => {
            const v = Number(range.value);
            const slider = compare.classList.contains('slider');
            top.style.clipPath = slider ? `inset(0 ${100 - v}% 0 0)` : 'none';
            top.style.opacity = compare.classList.contains('onion') ? v / 100 : 1;
          };
          range.addEventListener('input', apply);
          for (const button of section.querySelectorAll('.modes button')) {
            button.addEventListener('click', () => {
              compare.className = 'compare ' + button.dataset.mode;
              for (const b of section.querySelectorAll('.modes button')) b.classList.toggle('on', b === button);
              apply();
            });
          }
          // Each changed region enlarged, reference beside actual, so that a single pixel shows.
          for (const row of section.querySelectorAll('tr.region')) {
            for (const canvas of row.querySelectorAll('canvas.zoom')) {
              const img = section.querySelector(`.${canvas.dataset.of} img`);
              if (!img) continue;
              const draw = () => {
                const pad = 6;
                const x = Math.max(0, Number(row.dataset.x) - pad), y = Math.max(0, Number(row.dataset.y) - pad);
                const w = Math.min(img.naturalWidth - x, Number(row.dataset.w) + 2 * pad);
                const h = Math.min(img.naturalHeight - y, Number(row.dataset.h) + 2 * pad);
                const scale = Math.max(1, Math.floor(160 / Math.max(w, h)));
                canvas.width = w * scale; canvas.height = h * scale;
                const g = canvas.getContext('2d');
                g.imageSmoothingEnabled = false;
                g.drawImage(img, x, y, w, h, 0, 0, w * scale, h * scale);
                canvas.dataset.drawn = `${w}x${h}@${scale}`;
              };
              if (img.complete) draw(); else img.addEventListener('load', draw);
            }
          }
        }
        """
}

/// Names the widgets drawn over a region of the studio (in studio pixels), topmost first.
typealias WidgetLocator = (Rect) -> [String]
