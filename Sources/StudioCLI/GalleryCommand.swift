import ArgumentParser
import Foundation
import StudioAppCore
import StudioKit
import StudioSDL
import Studios

/// `studio gallery`: every widget of the catalog in every state, as PNGs and one browsable
/// page.
struct GalleryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "Render every widget in every state into a browsable HTML page.",
        discussion: """
            Each state of each widget of the catalog (LiveStudio's and the package's own) runs as \
            `studio preview` runs it and is written to DIR/images/<widget>.<state>.png, on the \
            neutral background; DIR/index.html shows them all with each widget's type, module, \
            level, layer, size and touch areas (where a tap or a drag starts on it). A state that \
            cannot be shown is listed on the page with its error, and the command exits 1.
            """
    )

    @Option(help: "The folder to write (made when missing).")
    var out: String

    @Option(help: "Only these widgets (comma-separated catalog names).")
    var widgets: String?

    @Option(help: "Seed for everything random.")
    var seed: UInt64 = 1

    @OptionGroup var assets: AssetsOption

    func run() throws {
        try reportingErrors {
            let folder = URL(fileURLWithPath: out, isDirectory: true)
            let images = folder.appendingPathComponent("images", isDirectory: true)
            do {
                try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
            } catch {
                throw ValidationError("--out \(out): cannot make the folder (\(error.localizedDescription))")
            }
            let assetsURL = try assets.locate()
            let catalog = CommandCatalog.current
            let previews = try WidgetPreviews(catalog: catalog, assets: assetsURL)
            var names = previews.widgets
            if let widgets {
                let asked = widgets.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
                if let unknown = asked.first(where: { !names.contains($0) }) {
                    throw ValidationError("--widgets: unknown widget '\(unknown)'; the catalog's widgets: \(names.joined(separator: ", "))")
                }
                names = asked
            }
            let fonts = try FontLibrary()
            let measurer = TTFTextMeasurer(fonts: fonts)
            let frames = try PreviewFrames(fonts: fonts, assets: assetsURL)
            var cards: [GalleryPage.Card] = []
            var failures = 0
            let renderer = ShotRenderer(previews: previews, measurer: measurer, frames: frames, folder: folder, seed: seed)
            for name in names {
                let card = try renderer.card(name, catalog: catalog)
                failures += card.shots.filter { $0.error != nil }.count
                cards.append(card)
            }
            let page = folder.appendingPathComponent("index.html")
            try OutputFile.naming("--out") {
                try FileOutput.write(Data(GalleryPage(cards: cards).html().utf8), to: page.path)
            }
            let shots = cards.map(\.shots.count).reduce(0, +)
            printNote("\(cards.count) widgets, \(shots) states; gallery: \(page.path)")
            if failures > 0 {
                printError("\(failures) state(s) could not be shown; each is on the page with its error")
                throw ExitCode(1)
            }
        }
    }
}

/// Renders one widget's states into the gallery's images, each with its touch areas; a state
/// that cannot be shown becomes a shot with its error (and a line on stderr).
private struct ShotRenderer {
    let previews: WidgetPreviews
    let measurer: TTFTextMeasurer
    let frames: PreviewFrames
    let folder: URL
    let seed: UInt64

    func card(_ name: String, catalog: Catalog) throws -> GalleryPage.Card {
        let type = catalog.widgets.type(named: name)!
        var card = GalleryPage.Card(
            name: name, type: "\(type)", module: catalog.widgets.module(of: name) ?? "?",
            host: previews.hostKind(of: name).rawValue, shots: [])
        for state in try previews.states(of: name) {
            do {
                card.shots.append(try shot(name, state))
            } catch {
                card.shots.append(
                    .init(
                        state: state, image: nil, crop: .zero, frame: .zero, level: 0, layer: "", taps: [], drags: [],
                        step: 4, error: "\(error)"))
                printError("\(name), state '\(state.name)': \(error)")
            }
        }
        return card
    }

    private func shot(_ name: String, _ state: PreviewState) throws -> GalleryPage.Shot {
        let preview = try previews.run(name, state: state, measurer: measurer, seed: seed)
        let picture = try PreviewPicture(preview, background: .neutral, scale: 1, frames: frames)
        let file = "images/\(name).\(state.name).png"
        try OutputFile.naming("--out") { try picture.target.writePNG(to: folder.appendingPathComponent(file).path) }
        // About 6,000 points at most: every 4 pixels on a button, coarser on a full-screen
        // overlay, whose hit test is the same everywhere.
        let step = max(4, (picture.crop.width * picture.crop.height / 6_000).squareRoot().rounded(.up))
        let touch = preview.touchAreas(in: picture.crop, step: step)
        return .init(
            state: state, image: file, crop: picture.crop, frame: preview.frameOnScreen,
            level: preview.widget.level, layer: preview.layer.name, taps: touch.taps, drags: touch.drags,
            step: step, error: nil)
    }
}

/// The gallery's page: a card per widget, a picture per state, touch areas on demand.
struct GalleryPage {
    struct Shot {
        var state: PreviewState
        var image: String?
        var crop: Rect
        var frame: Rect
        var level: Double
        var layer: String
        var taps: [Point]
        var drags: [Point]
        /// The spacing of the sampled points, in studio pixels.
        var step: Double
        var error: String?
    }
    struct Card {
        var name: String
        var type: String
        var module: String
        var host: String
        var shots: [Shot]
    }

    let cards: [Card]

    func html() -> String {
        let states = cards.map(\.shots.count).reduce(0, +)
        var out = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>LiveStudio widget gallery</title>
            <style>\(Self.css)</style></head><body>
            <h1>Widget gallery</h1>
            <p class="how">\(cards.count) widgets, \(states) states, each run in a room that lists it and shown alone at its \
            real size (small ones twice, full-screen ones half). <label><input type="checkbox" id="touch"> show touch areas</label> \
            (<span class="tap">tap</span>, <span class="drag">drag</span>) · \
            <input type="search" id="filter" placeholder="filter widgets"></p>
            <main>

            """
        for card in cards { out += self.card(card) }
        out += "</main><script>\(Self.script)</script></body></html>\n"
        return out
    }

    private func card(_ c: Card) -> String {
        var out = """
            <section class="card" data-name="\(c.name.htmlEscaped)">
            <h2>\(c.name.htmlEscaped) <span class="type">\(c.type.htmlEscaped) · \(c.module.htmlEscaped)</span></h2>
            <p class="facts">shown in the \(c.host.htmlEscaped) room</p><div class="shots">

            """
        for shot in c.shots {
            guard let image = shot.image else {
                out += "<figure class=\"shot failed\"><figcaption>\(shot.state.name.htmlEscaped)</figcaption>"
                out += "<pre>\((shot.error ?? "").htmlEscaped)</pre></figure>\n"
                continue
            }
            let w = Int(clamping: shot.crop.width.rounded()), h = Int(clamping: shot.crop.height.rounded())
            // Small widgets are shown twice their size, pixels kept sharp; a full-screen
            // overlay at half its size.
            let zoom = max(w, h) <= 160 ? 2.0 : max(w, h) > 640 ? 0.5 : 1
            // The sampled points as runs along each row, a row being `step` tall: a tap marks
            // its top half, a drag its bottom half, so a point taking both shows both.
            var touch = ""
            let half = shot.step / 2
            for (points, cls, dy) in [(shot.taps, "tap", -half), (shot.drags, "drag", 0)] {
                for run in Self.runs(points, step: shot.step) {
                    touch +=
                        "<rect class=\"\(cls)\" x=\"\((run.minX - shot.crop.minX).compact)\" "
                        + "y=\"\((run.minY - shot.crop.minY + dy).compact)\" width=\"\(run.width.compact)\" height=\"\(half.compact)\"/>"
                }
            }
            let dw = Int(clamping: (Double(w) * zoom).rounded()), dh = Int(clamping: (Double(h) * zoom).rounded())
            let options = shot.state.options.isEmpty ? "" : " · options \(JSONValue.object(shot.state.options).jsonText)"
            let data = shot.state.scenario.isEmpty ? "" : " · \(shot.state.scenario.count) scenario line(s)"
            out += """
                <figure class="shot" data-state="\(shot.state.name.htmlEscaped)"><figcaption>\(shot.state.name.htmlEscaped)</figcaption>\
                <div class="pic" style="width:\(dw)px;height:\(dh)px"><img src="\(image.htmlEscaped)" width="\(dw)" height="\(dh)" alt="\(c.name.htmlEscaped) \(shot.state.name.htmlEscaped)">\
                <svg viewBox="0 0 \(w) \(h)" width="\(dw)" height="\(dh)">\(touch)</svg></div>\
                <p class="facts">level \(shot.level.compact) · \(shot.layer) layer · frame \(Self.whole(shot.frame.width))x\(Self.whole(shot.frame.height)) \
                at (\(Self.whole(shot.frame.minX)), \(Self.whole(shot.frame.minY))) · picture \(w)x\(h)\(options.htmlEscaped)\(data)</p></figure>

                """
        }
        return out + "</div></section>\n"
    }

    /// A length in whole studio pixels, for reading (a moving widget's frame is fractional).
    static func whole(_ v: Double) -> Int { Int(clamping: v.rounded()) }

    /// Points on a grid of `step` merged into horizontal runs, each a rectangle `step` wide
    /// per point, centred on its row.
    static func runs(_ points: [Point], step: Double) -> [Rect] {
        var out: [Rect] = []
        for (y, row) in Dictionary(grouping: points, by: \.y).sorted(by: { $0.key < $1.key }) {
            var start: Double?, last = 0.0
            for x in row.map(\.x).sorted() {
                if start != nil, x - last <= step + 0.001 {
                    last = x
                    continue
                }
                if let s = start { out.append(Rect(x: s - step / 2, y: y, width: last - s + step, height: step)) }
                start = x
                last = x
            }
            if let s = start { out.append(Rect(x: s - step / 2, y: y, width: last - s + step, height: step)) }
        }
        return out
    }

    private static let css = """
        body{font:14px/1.4 system-ui,sans-serif;margin:24px;background:#f4f4f6;color:#111}
        h1{font-size:20px}h2{font-size:16px;margin:0 0 2px}.type{font-weight:400;color:#666;font-size:13px}
        .how{color:#444}.tap{color:#0a0;font-weight:600}.drag{color:#06c;font-weight:600}
        .card{background:#fff;border:1px solid #ddd;border-radius:8px;padding:12px 16px;margin:12px 0}
        .shots{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start}
        figure{margin:0;max-width:760px}figcaption{font-weight:600}
        .pic{position:relative;line-height:0}.pic img{image-rendering:pixelated;display:block}
        .pic svg{position:absolute;left:0;top:0;display:none}
        body.touch .pic svg{display:block}
        rect.tap{fill:rgba(0,220,0,.7)}rect.drag{fill:rgba(0,110,255,.7)}
        .facts{color:#555;font-size:12px;margin:4px 0 0;max-width:480px;word-break:break-word}
        .failed pre{color:#b00;white-space:pre-wrap;max-width:480px}
        """

    private static let script = """
        const touch = document.getElementById('touch');
        touch.addEventListener('change', () => document.body.classList.toggle('touch', touch.checked));
        // index.html#touch-areas opens with the touch areas shown.
        if (location.hash === '#touch-areas') { touch.checked = true; document.body.classList.add('touch'); }
        document.getElementById('filter').addEventListener('input', e => {
          const q = e.target.value.toLowerCase();
          for (const card of document.querySelectorAll('section.card')) card.hidden = !card.dataset.name.toLowerCase().includes(q);
        });
        """
}
