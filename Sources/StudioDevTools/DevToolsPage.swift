/// The DevTools page: plain HTML, CSS and JavaScript in the binary, so that it works offline
/// and needs no build step. It connects back over the WebSocket with the token of its own
/// address, draws each snapshot, and sends the commands docs/DEVTOOLS.md lists.
enum DevToolsPage {
    static let html = #"""
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>LiveStudio DevTools</title>
        <style>
          body { margin: 0; font: 13px/1.4 system-ui, sans-serif; background: #1e1f24; color: #ddd; display: grid;
                 grid-template-columns: minmax(320px, 1fr) 360px; grid-template-rows: auto 1fr 200px; height: 100vh; }
          header { grid-column: 1 / 3; padding: 6px 10px; background: #2a2c33; display: flex; gap: 16px; }
          #tree { overflow: auto; padding: 4px 8px; border-right: 1px solid #333; }
          #tree ul { list-style: none; margin: 0; padding-left: 14px; }
          #tree li > span { cursor: pointer; padding: 0 4px; border-radius: 3px; white-space: nowrap; }
          #tree li > span:hover { background: #333842; }
          #tree li.selected > span, #tree li.selected > span span { background: #00c8ff; color: #000; }
          #tree li.hidden > span { opacity: .45; }
          #tree li.hovered > span { outline: 2px solid #00c8ff; }
          .type { color: #8fb4ff; } .level { color: #c9a0ff; } .layer { color: #9be39b; }
          #props { overflow: auto; padding: 8px; }
          #props table { border-collapse: collapse; width: 100%; } #props td { padding: 2px 4px; border-bottom: 1px solid #2c2c2c; }
          #perf { grid-column: 1 / 3; border-top: 1px solid #333; padding: 6px 10px; display: flex; gap: 12px; }
          #chart { background: #15161a; } #replies { font-family: monospace; white-space: pre; overflow: auto; flex: 1; }
          #status.live { color: #6f6; } #status.down { color: #f66; }
        </style></head>
        <body>
        <header><b>LiveStudio DevTools</b><span id="status" class="down">connecting…</span>
          <span>room <b id="kind">-</b></span><span>frame <b id="frame">-</b></span><span id="stats">p50 - · p99 -</span></header>
        <section id="tree"></section>
        <section id="props"><i>Select a widget in the tree.</i></section>
        <section id="perf"><canvas id="chart" width="600" height="180"></canvas><div id="replies"></div></section>
        <script>
        "use strict";
        const token = new URLSearchParams(location.search).get("token") || "";
        const history = [];            // the last 300 frames' busy times (ms)
        let snapshot = null, socket = null, lastReply = 0;
        const $ = id => document.getElementById(id);

        function connect() {
          socket = new WebSocket(`ws://${location.host}/ws?token=${encodeURIComponent(token)}`);
          socket.onopen = () => { $("status").textContent = "live"; $("status").className = "live"; };
          socket.onclose = () => { $("status").textContent = "disconnected"; $("status").className = "down"; setTimeout(connect, 1000); };
          socket.onmessage = event => show(JSON.parse(event.data));
        }
        function send(command) { if (socket && socket.readyState === 1) socket.send(JSON.stringify(command)); }

        function show(next) {
          snapshot = next;
          $("kind").textContent = next.kind;
          $("frame").textContent = next.frame;
          for (const f of next.frames) history.push(f.busy);
          history.splice(0, Math.max(0, history.length - 300));
          drawTree(); drawProps(); drawChart();
          const log = $("replies");
          for (const r of next.replies) if (r.number > lastReply) { log.textContent += r.text + "\n"; lastReply = r.number; }
          log.scrollTop = log.scrollHeight;
        }

        function same(a, b) { return a && b && a.length === b.length && a.every((v, i) => v === b[i]); }

        // The tree and the properties are rebuilt only when what they show changed, and then
        // updated in place: a row under the pointer stays the same element while the room runs.
        let treeShape = "", propsKey = "";

        function drawTree() {
          const rows = [];
          (function walk(record, path) {
            rows.push({ record, path });
            record.children.forEach((child, i) => walk(child, path.concat(i)));
          })(snapshot.tree, []);
          const shape = rows.map(r => r.path.join(".") + ":" + r.record.name + ":" + r.record.type).join("|");
          if (shape !== treeShape) {
            treeShape = shape;
            const root = document.createElement("ul");
            const lists = new Map();
            for (const { record, path } of rows) {
              const li = document.createElement("li");
              li.dataset.path = path.join(".");
              li.dataset.name = record.name;
              const label = document.createElement("span");
              label.onclick = () => send({ command: "select", path, name: record.name });
              li.appendChild(label);
              const ul = document.createElement("ul");
              li.appendChild(ul);
              (path.length ? lists.get(path.slice(0, -1).join(".")) : root).appendChild(li);
              lists.set(li.dataset.path, ul);
            }
            $("tree").replaceChildren(root);
          }
          for (const { record, path } of rows) {
            const li = $("tree").querySelector(`li[data-path="${path.join(".")}"]`);
            li.classList.toggle("hidden", record.hidden);
            li.classList.toggle("selected", same(path, snapshot.selected));
            const hovered = same(path, snapshot.hovered);
            if (hovered && !li.classList.contains("hovered")) li.firstChild.scrollIntoView({ block: "nearest" });
            li.classList.toggle("hovered", hovered);
            const text = `${esc(record.name)} <span class="type">${esc(record.type)}</span> ` +
              `<span class="level">@${record.level}</span> <span class="layer">${esc(record.layer)}</span>`;
            if (li.firstChild.innerHTML !== text) li.firstChild.innerHTML = text;
          }
        }

        function find(path) {
          let node = snapshot.tree;
          for (const i of path) { node = node.children[i]; if (!node) return null; }
          return node;
        }

        function drawProps() {
          const path = snapshot.selected, record = path && find(path);
          if (!record) { propsKey = ""; $("props").innerHTML = "<i>Select a widget in the tree.</i>"; return; }
          const key = path.join(".") + ":" + record.name;
          if (key !== propsKey) {
            propsKey = key;
            $("props").innerHTML = `<table id="propTable"></table>` +
              `<label><input type="checkbox" id="hidden"> hidden</label>`;
            $("hidden").onchange = e => send({ command: "set", path, name: record.name, property: "hidden", value: e.target.checked });
          }
          const f = record.frame;
          const rows = [["name", record.name], ["type", record.type], ["level", record.level], ["layer", record.layer],
            ["frame", `${f.x}, ${f.y}, ${f.width} × ${f.height}`], ["alpha", record.alpha],
            ["penetrate", record.penetrate], ["concealed", record.concealed],
            ["subscriptions", record.subscriptions.join(", ") || "none"]];
          const html = rows.map(([k, v]) => `<tr><td>${k}</td><td>${esc(String(v))}</td></tr>`).join("");
          if ($("propTable").innerHTML !== html) $("propTable").innerHTML = html;
          if (document.activeElement !== $("hidden")) $("hidden").checked = record.hidden;
        }

        function percentile(p) {
          if (!history.length) return NaN;
          const sorted = [...history].sort((a, b) => a - b);
          return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
        }

        function drawChart() {
          const c = $("chart"), g = c.getContext("2d"), budget = 1000 / 60;
          const top = Math.max(budget * 1.5, ...history);
          g.clearRect(0, 0, c.width, c.height);
          const w = c.width / 300;
          history.forEach((ms, i) => {
            const h = ms / top * c.height;
            g.fillStyle = ms > budget ? "#ff5a5a" : "#4fb3ff";
            g.fillRect(i * w, c.height - h, Math.max(1, w - 1), h);
          });
          const y = c.height - budget / top * c.height;
          g.strokeStyle = "#ffd84f"; g.beginPath(); g.moveTo(0, y); g.lineTo(c.width, y); g.stroke();
          $("stats").textContent = `p50 ${percentile(.5).toFixed(2)} ms · p99 ${percentile(.99).toFixed(2)} ms (last ${history.length})`;
        }

        function esc(s) { return s.replace(/[&<>"]/g, ch => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[ch]); }
        connect();
        </script></body></html>
        """#
}
