#!/usr/bin/env python3
"""Lays the DevTools page of a running `studio run --devtools` out at several widths in
headless Chromium and measures, at each, what a person would see go wrong: a panel over
another or past the window, a control or a line of text outside its panel, a status line
broken over several lines, a page that scrolls sideways.

Usage: devtools_widths.py URL SCREENSHOT_PREFIX WIDTH...
Prints one JSON line: {"WIDTH": {"problems": [...], "memory": ...}, ...}, and saves
SCREENSHOT_PREFIX-WIDTH.png for each width; exits 1 with the reason when the page does not
come up.
"""
import json
import sys
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from headless_chromium import open_browser

# Run in the page: every problem found, as a sentence that names the element.
CHECKS = r"""
const problems = [];
const box = e => e.getBoundingClientRect();
const name = e => e.id ? '#' + e.id : e.tagName.toLowerCase() + (e.className ? '.' + e.className : '');
const W = innerWidth, H = innerHeight, slack = 0.5;
if (document.documentElement.scrollWidth > W + slack) problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px in ${W}`);
const panels = ['header', '#tree', '#side', '#perf', '#events'].map(s => document.querySelector(s));
for (const p of panels) {
  const r = box(p);
  if (r.left < -slack || r.top < -slack || r.right > W + slack || r.bottom > H + slack)
    problems.push(`${name(p)} is outside the window: ${Math.round(r.left)},${Math.round(r.top)} to ${Math.round(r.right)},${Math.round(r.bottom)}`);
  if (r.width < 120 || r.height < 24) problems.push(`${name(p)} is too small to use: ${Math.round(r.width)}x${Math.round(r.height)}`);
}
for (let i = 0; i < panels.length; i++) for (let j = i + 1; j < panels.length; j++) {
  const a = box(panels[i]), b = box(panels[j]);
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left), h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  if (w > 1 && h > 1) problems.push(`${name(panels[i])} and ${name(panels[j])} overlap by ${Math.round(w)}x${Math.round(h)}`);
}
// What a panel shows whole: its controls and status lines lie inside it. A panel that
// scrolls (#side, the event rows) may hold more than it shows, but never wider.
const inside = {
  header: 'header > *', '#perf': '#perf > .bar > *, #memory, #chart, #legend, #picked',
  '#events': '#events > .bar > *, #eventInfo, #eventRows', '#side': '#props, #layers, .edit input, #layerTable td',
};
for (const [panel, selector] of Object.entries(inside)) {
  const p = box(document.querySelector(panel)), scrolls = panel === '#side';
  for (const e of document.querySelectorAll(selector)) {
    const r = box(e);
    if (r.width === 0 && r.height === 0) continue;
    const out = r.left < p.left - slack || r.right > p.right + slack || (!scrolls && (r.top < p.top - slack || r.bottom > p.bottom + slack));
    if (out) problems.push(`${name(e)} is outside ${panel}: ${Math.round(r.left)},${Math.round(r.top)} to ${Math.round(r.right)},${Math.round(r.bottom)}`);
  }
}
for (const s of ['#side', '#eventRows', '#perf', '#events']) {
  const e = document.querySelector(s);
  if (e.scrollWidth > e.clientWidth + 1) problems.push(`${s} scrolls sideways: ${e.scrollWidth} px in ${e.clientWidth}`);
}
// Status lines, and the names of a widget's properties, are one line each: the line boxes
// of the text itself, whatever the height of the row around it.
for (const e of document.querySelectorAll('#memory, #stats, #status, #frame, #props td:first-child')) {
  const range = document.createRange();
  range.selectNodeContents(e);
  const lines = new Set([...range.getClientRects()].map(r => Math.round(r.bottom))).size;
  if (lines > 1) problems.push(`${name(e)} takes ${lines} lines: "${e.textContent}"`);
}
return problems;
"""


def main():
    url, prefix, widths = sys.argv[1], sys.argv[2], [int(w) for w in sys.argv[3:]]
    browser = open_browser()
    wait = WebDriverWait(browser, 20)
    step = "open the page"
    try:
        browser.get(url)
        step = "connect"
        wait.until(lambda b: b.find_element(By.ID, "status").text == "live")
        step = "select commentList"
        item = '#tree li[data-name="commentList"]'
        wait.until(lambda b: b.find_elements(By.CSS_SELECTOR, item))
        browser.find_element(By.CSS_SELECTOR, item + " > span").click()
        step = "see the memory line and the event log"
        wait.until(lambda b: b.find_element(By.ID, "memory").text.startswith("resident "))
        wait.until(lambda b: len(b.find_elements(By.CSS_SELECTOR, "#eventBody tr")) >= 10)
        results = {}
        for width in widths:
            step = f"lay the page out at {width} px"
            browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": False})
            time.sleep(0.8)  # a few snapshots redraw the tree, the chart and the log at this width
            results[str(width)] = {"problems": browser.execute_script(CHECKS),
                                   "memory": browser.find_element(By.ID, "memory").text}
            browser.save_screenshot(f"{prefix}-{width}.png")
        print(json.dumps(results))
        return 0
    except Exception as error:
        print(f"devtools_widths: could not {step}: {type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}",
              file=sys.stderr)
        return 1
    finally:
        browser.quit()


if __name__ == "__main__":
    sys.exit(main())
