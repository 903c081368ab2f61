import Foundation
import StudioKit

/// The review page's HTML, CSS and script, written from the kept failures.
extension GoldenReviewPage {
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
        let out = """
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
        return out + regionsTable(e) + layersTables(e) + "</section>\n"
    }

    /// The changed regions, each with the widgets there and zoomed crops.
    private static func regionsTable(_ e: Entry) -> String {
        var out = ""
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
        return out
    }

    /// Each layer's fingerprints, then its draw items, marked where they cover a change.
    private static func layersTables(_ e: Entry) -> String {
        var out = ""
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
        return out
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
