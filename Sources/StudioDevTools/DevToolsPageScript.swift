/// The DevTools page's script, kept apart from its markup (`DevToolsPage`): the tree and the
/// properties, the layers, the frame chart and the event log, drawn from each snapshot the
/// WebSocket brings, and the commands docs/DEVTOOLS.md lists sent back.
enum DevToolsPageScript {
    static let text = #"""

        "use strict";
        const token = new URLSearchParams(location.search).get("token") || "";
        const history = [];            // the last 300 frames: { index, busy, phases, widgets }
        const phaseColors = { inbox: "#9be39b", input: "#c9a0ff", dispatch: "#ffd84f", update: "#ff9f4f",
          draw: "#ff6fb0", render: "#4fb3ff", present: "#8fb4ff" };
        let pickedIndex = null;
        let snapshot = null, socket = null, lastReply = 0, missedWhilePaused = 0, skippedEvents = 0;
        const $ = id => document.getElementById(id);

        function connect() {
          socket = new WebSocket(`ws://${location.host}/ws?token=${encodeURIComponent(token)}`);
          socket.onopen = () => { $("status").textContent = "live"; $("status").className = "live"; };
          socket.onclose = () => { $("status").textContent = "disconnected"; $("status").className = "down"; setTimeout(connect, 1000); };
          // Each message is acknowledged once read: the server sends a page that stops
          // reading no more than a few.
          socket.onmessage = event => { const next = JSON.parse(event.data); socket.send(JSON.stringify({ ack: next.serial })); show(next); };
        }
        function send(command) { if (socket && socket.readyState === 1) socket.send(JSON.stringify(command)); }

        function show(next) {
          snapshot = next;
          $("kind").textContent = next.kind;
          $("frame").textContent = next.frame;
          if (!$("pauseChart").checked) {
            for (const f of next.frames) history.push(f);
            history.splice(0, Math.max(0, history.length - 300));
          }
          if (document.activeElement !== $("profile")) $("profile").checked = !!next.profiling;
          const m = next.memory;
          $("memory").textContent = m ? `resident ${m.residentMB.toFixed(1)} MB (peak ${m.peakMB.toFixed(1)} MB)` : "";
          // The room reads its memory once a second: a sample a second, the last five minutes.
          if (m && (!memHistory.length || next.frame - memHistory[memHistory.length - 1].frame >= 55)) {
            memHistory.push({ frame: next.frame, resident: m.residentMB, caches: m.caches || [] });
            memHistory.splice(0, Math.max(0, memHistory.length - 300));
            drawMemory();
          }
          drawTree(); drawProps(); drawEdits(); drawLayers(); drawChart(); addEvents(next.events || [], next.eventsSkipped || 0);
          const log = $("replies");
          for (const r of next.replies) if (r.number > lastReply) { log.textContent += r.text + "\n"; lastReply = r.number; }
          log.scrollTop = log.scrollHeight;
        }

        // Resident memory and each of the renderer's caches over time, each cache's budget
        // dashed in its colour, on one scale in MB.
        const memHistory = [];
        const cacheColors = ["#4fb3ff", "#ff9f4f", "#9be39b", "#ff6fb0", "#c9a0ff"];
        function drawMemory() {
          const canvas = $("memChart"), g = canvas.getContext("2d"), w = canvas.width, h = canvas.height;
          g.clearRect(0, 0, w, h);
          const last = memHistory[memHistory.length - 1];
          // Scaled to what is held: a budget far above it (the layer surfaces' is a share of the
          // machine's memory) is in the legend, and drawn only where it fits.
          const top = Math.max(1, ...memHistory.map(s => Math.max(s.resident, ...s.caches.map(c => c.mb)))) * 1.2;
          const y = mb => h - 2 - (h - 4) * mb / top, x = i => w - (memHistory.length - 1 - i) * w / 300;
          function line(values, color, dashed) {
            g.strokeStyle = color; g.setLineDash(dashed ? [4, 4] : []); g.beginPath();
            values.forEach((v, i) => i ? g.lineTo(x(i), y(v)) : g.moveTo(x(i), y(v)));
            g.stroke();
          }
          line(memHistory.map(s => s.resident), "#ffffff", false);
          last.caches.forEach((c, k) => {
            const color = cacheColors[k % cacheColors.length];
            line(memHistory.map(s => (s.caches[k] || { mb: 0 }).mb), color, false);
            if (c.budgetMB <= top) {
              g.strokeStyle = color; g.setLineDash([4, 4]); g.beginPath(); g.moveTo(0, y(c.budgetMB)); g.lineTo(w, y(c.budgetMB)); g.stroke();
            }
          });
          g.setLineDash([]);
          $("memLegend").replaceChildren(...[{ name: "resident", text: `${last.resident.toFixed(1)} MB`, color: "#ffffff" }]
            .concat(last.caches.map((c, k) => ({ name: c.name, text: `${c.mb.toFixed(1)} of ${c.budgetMB.toFixed(0)} MB`,
              color: cacheColors[k % cacheColors.length] })))
            .map(item => { const span = document.createElement("span"); span.className = "memItem";
              span.innerHTML = `<i style="background:${item.color}"></i>${item.name} ${item.text}`; return span; }));
        }

        // The edits the room holds, each with its undo, and a reset of them all; rebuilt only
        // when they change, so a button under the pointer stays while the room runs.
        let editsKey = "";
        function drawEdits() {
          const edits = snapshot.edits || [];
          const key = JSON.stringify(edits);
          if (key === editsKey) return;
          editsKey = key;
          const box = $("edits");
          box.replaceChildren();
          if (!edits.length) return;
          const head = document.createElement("div");
          head.innerHTML = `<b>Edits held</b> (${edits.length}) `;
          const reset = document.createElement("button");
          reset.id = "resetEdits"; reset.textContent = "Reset all";
          reset.onclick = () => send({ command: "reset" });
          head.appendChild(reset);
          box.appendChild(head);
          for (const e of edits) {
            const row = document.createElement("div");
            row.className = "edit";
            row.textContent = `${e.property} of ${e.name} = ${e.value} `;
            const undo = document.createElement("button");
            undo.textContent = "Undo";
            undo.dataset.name = e.name; undo.dataset.property = e.property;
            undo.onclick = () => send({ command: "undo", name: e.name, property: e.property });
            row.appendChild(undo);
            box.appendChild(row);
          }
        }

        // Strictly true or false: `classList.toggle(name, undefined)` would flip the class.
        function same(a, b) { return !!(a && b && a.length === b.length && a.every((v, i) => v === b[i])); }

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
              `<label><input type="checkbox" id="hidden"> hidden</label>` +
              `<div class="edit">level <input id="editLevel" type="number" step="1"> alpha <input id="editAlpha" type="number" step="0.1" min="0" max="1"></div>` +
              `<div class="edit">frame ${["x", "y", "width", "height"].map(k => `<input id="edit-${k}" type="number" title="${k}">`).join("")}</div>` +
              `<table id="options"></table>`;
            $("hidden").onchange = e => send({ command: "set", path, name: record.name, property: "hidden", value: e.target.checked });
            // A number field sends its value when it is committed (Enter, or leaving it).
            const set = (property, value) => send({ command: "set", path: snapshot.selected, name: record.name, property, value });
            $("editLevel").onchange = e => set("level", Number(e.target.value));
            $("editAlpha").onchange = e => set("alpha", Number(e.target.value));
            for (const k of ["x", "y", "width", "height"]) {
              $(`edit-${k}`).onchange = () => set("frame", Object.fromEntries(["x", "y", "width", "height"].map(j => [j, Number($(`edit-${j}`).value)])));
            }
          }
          // The fields follow the room, except the one being typed in.
          const own = snapshot.selectedFrame || record.frame;
          const fields = { editLevel: record.level, editAlpha: record.alpha,
            "edit-x": own.x, "edit-y": own.y, "edit-width": own.width, "edit-height": own.height };
          for (const [id, v] of Object.entries(fields)) if (document.activeElement !== $(id)) $(id).value = v;
          drawOptions(record);
          const f = record.frame;
          const rows = [["name", record.name], ["type", record.type], ["level", record.level], ["layer", record.layer],
            ["frame", `${f.x}, ${f.y}, ${f.width} × ${f.height}`], ["alpha", record.alpha],
            ["penetrate", record.penetrate], ["concealed", record.concealed],
            ["subscriptions", (snapshot.selectedSubscriptions || []).join(", ") || "none"]];
          const html = rows.map(([k, v]) => `<tr><td>${k}</td><td>${esc(String(v))}</td></tr>`).join("");
          if ($("propTable").innerHTML !== html) $("propTable").innerHTML = html;
          if (document.activeElement !== $("hidden")) $("hidden").checked = record.hidden;
        }

        // The widget's own options, as its configuration gives them: a value typed as JSON
        // (a number, true, "text") is set as such, anything else as text. Objects and lists
        // are shown, not edited.
        let optionsShape = "";
        function drawOptions(record) {
          const options = snapshot.selectedOptions || {}, keys = Object.keys(options).sort();
          const shape = propsKey + ":" + keys.join(",");
          if (shape !== optionsShape) {
            optionsShape = shape;
            $("options").innerHTML = keys.length ? `<tr><td colspan="2"><b>options</b></td></tr>` + keys.map(k =>
              `<tr><td>${esc(k)}</td><td><input class="option" data-key="${esc(k)}"></td></tr>`).join("") : "";
            for (const input of $("options").querySelectorAll("input.option")) {
              input.onchange = () => {
                let value;
                try { value = JSON.parse(input.value); } catch { value = input.value; }
                if (value === null || typeof value === "object") return;
                send({ command: "set", path: snapshot.selected, name: record.name, property: input.dataset.key, value });
              };
            }
          }
          for (const input of $("options").querySelectorAll("input.option")) {
            const v = options[input.dataset.key], compound = v.startsWith("{") || v.startsWith("[");
            input.readOnly = compound;
            if (document.activeElement !== input) input.value = v.startsWith('"') ? JSON.parse(v) : v;
          }
        }

        function percentile(p) {
          if (!history.length) return NaN;
          const sorted = history.map(f => f.busy).sort((a, b) => a - b);
          return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
        }

        // Each frame a bar of its phases stacked, against the 16.7 ms budget (the yellow line);
        // a frame over it is outlined red. A click picks a frame.
        function drawChart() {
          const c = $("chart"), g = c.getContext("2d"), budget = 1000 / 60;
          const top = Math.max(budget * 1.5, ...history.map(f => f.busy));
          g.clearRect(0, 0, c.width, c.height);
          const w = c.width / 300;
          history.forEach((f, i) => {
            let y = c.height;
            for (const [phase, color] of Object.entries(phaseColors)) {
              const h = (f.phases[phase] || 0) / top * c.height;
              g.fillStyle = color; g.fillRect(i * w, y - h, Math.max(1, w - 1), h); y -= h;
            }
            if (f.busy > budget || f.index === pickedIndex) {
              g.strokeStyle = f.index === pickedIndex ? "#fff" : "#ff5a5a";
              g.strokeRect(i * w, y, Math.max(1, w - 1), c.height - y);
            }
          });
          const y = c.height - budget / top * c.height;
          g.strokeStyle = "#ffd84f"; g.beginPath(); g.moveTo(0, y); g.lineTo(c.width, y); g.stroke();
          showPicked();
          $("stats").textContent = `p50 ${percentile(.5).toFixed(2)} ms · p99 ${percentile(.99).toFixed(2)} ms (last ${history.length})`;
        }

        function showPicked() {
          const f = history.find(f => f.index === pickedIndex);
          const top = (snapshot.topWidgets || []).map(w => `${w.name} ${w.ms.toFixed(3)}`).join(", ");
          if (!f) { $("picked").textContent = top ? `costliest widgets (update + draw per frame, ms): ${top}` : $("picked").textContent; return; }
          const phases = Object.entries(f.phases).map(([k, v]) => `${k} ${v.toFixed(3)}`).join("  ");
          const widgets = (f.widgets || []).map(w => `${w.name} ${w.ms.toFixed(3)}`).join(", ");
          $("picked").textContent = `frame ${f.index}: ${f.busy.toFixed(3)} ms  ${phases}` +
            (widgets ? `\nwidgets: ${widgets}` : snapshot.profiling ? "" : "\n(measure widget costs to see them)");
        }
        $("chart").onclick = e => {
          const r = $("chart").getBoundingClientRect(), i = Math.floor((e.clientX - r.left) / r.width * 300);
          if (history[i]) { pickedIndex = history[i].index; drawChart(); }
        };
        $("profile").onchange = e => send({ command: "profile", value: e.target.checked });
        $("legend").innerHTML = Object.entries(phaseColors).map(([k, c]) => `<span><i style="background:${c}"></i>${k}</span>`).join("");

        // The layers: each one's items this frame, shown or not, and one shown alone.
        let layersShape = "";
        function drawLayers() {
          const layers = snapshot.layers || [];
          const shape = layers.map(l => l.name).join(",");
          if (shape !== layersShape) {
            layersShape = shape;
            $("layerTable").innerHTML = `<tr><td></td><td><label><input type="radio" name="isolate" value="" checked> all</label></td><td></td></tr>` +
              layers.map(l => `<tr data-layer="${esc(l.name)}"><td><label><input type="checkbox" class="shown"> ${esc(l.name)}</label></td>` +
                `<td><label><input type="radio" name="isolate" value="${esc(l.name)}"> alone</label></td><td class="items"></td>` +
                `<td><a class="png" download="livestudio-${esc(l.name)}.png" href="/screenshot.png?token=${encodeURIComponent(token)}&layer=${esc(l.name)}">PNG</a></td></tr>`).join("");
            for (const row of $("layerTable").querySelectorAll("tr[data-layer]")) {
              row.querySelector(".shown").onchange = e => send({ command: "layer", layer: row.dataset.layer, value: e.target.checked });
            }
            for (const radio of $("layerTable").querySelectorAll("input[name=isolate]")) {
              radio.onchange = () => send(radio.value ? { command: "isolate", layer: radio.value } : { command: "isolate" });
            }
            $("exploded").onchange = e => send({ command: "exploded", value: e.target.checked });
            $("bounds").onchange = e => send({ command: "bounds", value: e.target.checked });
            $("repaints").onchange = e => send({ command: "repaint", value: e.target.checked });
          }
          for (const l of layers) {
            const row = $("layerTable").querySelector(`tr[data-layer="${l.name}"]`);
            row.querySelector(".items").textContent = `${l.items} items · ${l.drawMs.toFixed(3)} ms`;
            const box = row.querySelector(".shown");
            if (document.activeElement !== box) box.checked = l.shown;
          }
          const chosen = $("layerTable").querySelector(`input[name=isolate][value="${snapshot.isolated || ""}"]`);
          if (chosen && document.activeElement !== chosen) chosen.checked = true;
          if (document.activeElement !== $("exploded")) $("exploded").checked = !!snapshot.exploded;
          // The window's views; a headless room has none, and says so on the boxes.
          for (const [id, value] of [["bounds", snapshot.bounds], ["repaints", snapshot.repaints]]) {
            $(id).disabled = value === undefined || value === null;
            $(id).parentElement.title = $(id).disabled ? "a window's view: run the room without --headless" : $(id).parentElement.title;
            if (document.activeElement !== $(id)) $(id).checked = !!value;
          }
        }

        // The event log: the newest rows (at most 500), filtered as the box says; paused, it
        // keeps what it shows and counts what it lets pass.
        const maxRows = 500;
        function matches(row) {
          const filter = $("filter").value.trim().toLowerCase();
          return !filter || row.dataset.text.includes(filter);
        }
        function addEvents(events, skipped) {
          if ($("pause").checked) { missedWhilePaused += events.length + skipped; showEventInfo(); return; }
          skippedEvents += skipped;
          const body = $("eventBody");
          for (const e of events) {
            const tr = document.createElement("tr");
            tr.className = "src-" + e.source;
            tr.dataset.text = `${e.source} ${e.name} ${e.value}`.toLowerCase();
            tr.innerHTML = `<td>${e.time.toFixed(3)}</td><td>${e.source}</td><td class="name">${esc(e.name)}</td>` +
              `<td>${e.listeners == null ? "" : "→" + e.listeners}</td><td class="value">${esc(e.value)}</td>`;
            tr.hidden = !matches(tr);
            body.appendChild(tr);
          }
          while (body.children.length > maxRows) body.firstChild.remove();
          if (events.length) $("eventRows").scrollTop = $("eventRows").scrollHeight;
          showEventInfo();
        }
        function showEventInfo() {
          const parts = [`${$("eventBody").children.length} rows`];
          if (skippedEvents) parts.push(`${skippedEvents} passed over (sampled: more than the page is sent)`);
          if (missedWhilePaused) parts.push(`${missedWhilePaused} while paused`);
          $("eventInfo").textContent = parts.join(" · ");
        }
        $("filter").oninput = () => {
          for (const row of $("eventBody").children) row.hidden = !matches(row);
          for (const row of $("catalogueRows").children) row.hidden = !matches(row);
        };

        // The event catalogue, read from the code when LiveStudio was built (docs/EVENTS.md
        // has the same): a key's payload, meaning, publishers and listeners. A click on an
        // event's name in the log opens its entry.
        function showCatalogue() {
          const rows = $("catalogueRows");
          for (const k of eventCatalog) {
            const div = document.createElement("div");
            const names = k.name.split(" ")[0];
            div.dataset.key = names;
            div.dataset.text = `${k.name} ${k.payload} ${k.doc} ${k.publishers.join(" ")} ${k.listeners.join(" ")}`.toLowerCase();
            const who = (list, none) => list.length ? list.map(esc).join(", ") : none;
            div.innerHTML = `<code>${esc(k.name)}</code>: ${esc(k.payload)}${k.note ? " · " + k.note + " note" : ""} — ${esc(k.doc)}` +
              `<br><span class="who">published by ${who(k.publishers, "nothing in LiveStudio" + (k.unpublished ? " (" + esc(k.unpublished) + ")" : ""))}` +
              `; heard by ${who(k.listeners, "nothing in LiveStudio" + (k.unheard ? " (" + esc(k.unheard) + ")" : ""))}</span>`;
            rows.appendChild(div);
          }
        }
        function openCatalogue(name) {
          const base = name.split(".")[0];
          const row = [...$("catalogueRows").children].find(r => r.dataset.key === name || r.dataset.key === base);
          if (!row) return;
          $("catalogue").open = true;
          for (const r of $("catalogueRows").children) r.classList.toggle("chosen", r === row);
          row.hidden = false;
          row.scrollIntoView({ block: "nearest" });
        }
        $("eventBody").onclick = (event) => {
          const cell = event.target.closest("td.name");
          if (cell) openCatalogue(cell.textContent);
        };
        showCatalogue();
        $("save").href = `/log.jsonl?token=${encodeURIComponent(token)}`;
        $("shot").href = `/screenshot.png?token=${encodeURIComponent(token)}`;

        function esc(s) { return s.replace(/[&<>"]/g, ch => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[ch]); }
        connect();

        """#
}
