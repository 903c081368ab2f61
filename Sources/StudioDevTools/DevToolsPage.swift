/// The DevTools page: plain HTML, CSS and JavaScript in the binary, so that it works offline
/// and needs no build step. It connects back over the WebSocket with the token of its own
/// address, draws each snapshot, and sends the commands docs/DEVTOOLS.md lists.
enum DevToolsPage {
    static let html = #"""
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>LiveStudio DevTools</title>
        <style>
          /* Three columns from 900 px: the tree over the frames panel, the widget's side panel
             (at most 400 px) over the events. Narrower, the frames and the events each take a
             row of their own. Every panel clips or scrolls its own content, so nothing one
             panel holds is ever drawn over another. */
          body { margin: 0; font: 13px/1.4 system-ui, sans-serif; background: #1e1f24; color: #ddd; display: grid;
                 grid-template-columns: minmax(0, 1fr) minmax(0, 1fr) minmax(320px, 400px); grid-template-rows: auto minmax(0, 1fr) 280px;
                 height: 100vh; overflow: hidden; }
          body > * { min-width: 0; min-height: 0; box-sizing: border-box; }
          header { grid-column: 1 / 4; padding: 6px 10px; background: #2a2c33; display: flex; flex-wrap: wrap; gap: 4px 16px; }
          header > * { white-space: nowrap; }
          #tree { grid-column: 1 / 3; grid-row: 2; overflow: auto; padding: 4px 8px; border-right: 1px solid #333; }
          #side { grid-column: 3; grid-row: 2; }
          #perf { grid-column: 1; grid-row: 3; }
          #events { grid-column: 2 / 4; grid-row: 3; }
          @media (max-width: 899px) {
            body { grid-template-columns: minmax(0, 1fr) 320px; grid-template-rows: auto minmax(0, 1fr) 280px 240px; }
            header { grid-column: 1 / 3; } #tree { grid-column: 1; } #side { grid-column: 2; }
            #perf { grid-column: 1 / 3; } #events { grid-column: 1 / 3; grid-row: 4; border-left: none; }
          }
          #tree ul { list-style: none; margin: 0; padding-left: 14px; }
          #tree li > span { cursor: pointer; padding: 0 4px; border-radius: 3px; white-space: nowrap; }
          #tree li > span:hover { background: #333842; }
          #tree li.selected > span, #tree li.selected > span span { background: #00c8ff; color: #000; }
          #tree li.hidden > span { opacity: .45; }
          #tree li.hovered > span { outline: 2px solid #00c8ff; }
          .type { color: #8fb4ff; } .level { color: #c9a0ff; } .layer { color: #9be39b; }
          #side { overflow: auto; padding: 8px; display: flex; flex-direction: column; gap: 10px; }
          #props td { overflow-wrap: anywhere; } #props td:first-child { white-space: nowrap; overflow-wrap: normal; } #layers td { white-space: nowrap; } #layers td.items { white-space: normal; }
          #options input { width: 100%; box-sizing: border-box; background: #15161a; color: #ddd; border: 1px solid #444; }
          .edit { margin-top: 4px; } .edit input { width: 64px; background: #15161a; color: #ddd; border: 1px solid #444; }
          #layers table, #events table { border-collapse: collapse; width: 100%; }
          #layers td { padding: 1px 4px; } #layers .items { text-align: right; color: #aaa; }
          #props table { border-collapse: collapse; width: 100%; } #props td { padding: 2px 4px; border-bottom: 1px solid #2c2c2c; }
          #perf { border-top: 1px solid #333; padding: 6px 10px; display: flex; flex-direction: column; gap: 4px; overflow: hidden; }
          #chart { background: #15161a; width: 100%; height: 110px; cursor: crosshair; flex: none; }
          #memory { color: #aaa; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; flex: none; }
          #replies { font-family: monospace; white-space: pre; overflow: auto; flex: 1; min-height: 28px; }
          #legend span { margin-right: 8px; white-space: nowrap; } #legend i { display: inline-block; width: 9px; height: 9px; margin-right: 3px; }
          #memChart { background: #15161a; width: 100%; height: 80px; flex: none; }
          .memItem { margin-right: 8px; white-space: nowrap; } .memItem i { display: inline-block; width: 9px; height: 9px; margin-right: 3px; }
          #picked { font-family: monospace; font-size: 12px; white-space: pre-wrap; color: #ccc; max-height: 46px; overflow: auto; flex: none; } .bar { display: flex; flex-wrap: wrap; gap: 2px 10px; align-items: center; flex: none; } .bar label { white-space: nowrap; }
          #events { border-top: 1px solid #333; border-left: 1px solid #333; padding: 6px; display: flex; flex-direction: column; overflow: hidden; }
          #events .bar { gap: 2px 8px; } #events .bar input[type=search] { flex: 1; min-width: 120px; }
          #eventRows { overflow: auto; flex: 1; font-family: monospace; font-size: 12px; }
          #eventRows td { padding: 0 4px; white-space: nowrap; } #eventRows td.value { white-space: normal; overflow-wrap: anywhere; }
          #eventRows td.name { cursor: pointer; text-decoration: underline dotted; }
          #catalogue { font-size: 12px; max-height: 40%; overflow: auto; flex: none; } #catalogue summary { cursor: pointer; }
          #catalogue div { padding: 2px 4px; border-bottom: 1px solid #2c2c2c; } #catalogue div.chosen { background: #243049; }
          #catalogue code { color: #6fe0ff; } #catalogue .who { color: #aaa; }
          .src-note { color: #ffd84f; } .src-input { color: #6fe0ff; } .src-held { color: #f88; } .src-event { color: #bbb; }
          a { color: #6fb9ff; }
          #status.live { color: #6f6; } #status.down { color: #f66; }
        </style></head>
        <body>
        <header><b>LiveStudio DevTools</b><span id="status" class="down">connecting…</span>
          <span>room <b id="kind">-</b></span><span>frame <b id="frame">-</b></span><span id="stats">p50 - · p99 -</span>
          <a id="shot" download="livestudio-frame.png">frame PNG</a></header>
        <section id="tree"></section>
        <section id="side"><div id="props"><i>Select a widget in the tree.</i></div><div id="edits"></div>
          <div id="layers"><b>Layers</b> <label><input type="checkbox" id="exploded"> exploded view</label>
            <label title="the window's F1 outlines"><input type="checkbox" id="bounds"> widget bounds</label>
            <label title="the window's renderer tints each tile it draws again, by how often"><input type="checkbox" id="repaints"> repaint rainbow</label>
            <table id="layerTable"></table></div>
          <div id="memoryPanel"><b>Memory</b>: resident and the renderer's caches, the last five minutes, budgets dashed
            <canvas id="memChart" width="600" height="80"></canvas><div id="memLegend"></div></div></section>
        <section id="perf"><div class="bar"><b>Frames</b><label><input type="checkbox" id="pauseChart"> pause</label>
            <label><input type="checkbox" id="profile"> measure widget costs</label></div><div id="memory"></div>
          <canvas id="chart" width="600" height="110"></canvas><div id="legend"></div>
          <div id="picked">Click a frame to see its phases (and, measuring, its costliest widgets).</div><div id="replies"></div></section>
        <section id="events"><div class="bar"><b>Events</b><input type="search" id="filter" placeholder="filter (name, value, source)">
            <label><input type="checkbox" id="pause"> pause</label><a id="save" download="livestudio-log.jsonl">save log</a></div>
          <details id="catalogue"><summary>Event catalogue: every key, who publishes and who listens (click an event's name)</summary>
            <div id="catalogueRows"></div></details>
          <div id="eventInfo"></div><div id="eventRows"><table><tbody id="eventBody"></tbody></table></div></section>
        <script>
        const eventCatalog =
        """# + DevToolsPage.scriptSafe(DevToolsEventCatalog.json) + #"""
            ;
            """# + DevToolsPageScript.text + #"""
            </script></body></html>
            """#

    /// `json` as it can sit in a script element: a `</` would end the element early.
    static func scriptSafe(_ json: String) -> String { json.replacingOccurrences(of: "</", with: "<\\/") }
}
