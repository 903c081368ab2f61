#!/usr/bin/env python3
"""Drives the DevTools page of a running `studio run --devtools` in headless Chromium
(Selenium with Debian's chromedriver), as an engineer would: waits for the live tree,
selects a widget by clicking it, hides it with its checkbox, hides a layer, filters, pauses
and saves the event log, and reads the frame stats.

Usage: devtools_page.py URL WIDGET_NAME SCREENSHOT.png
Prints one JSON line: {"selected": ..., "hidden": ..., "stats": ..., "tree": N, "replies": ...};
exits 1 with the reason on standard error when a step does not happen within its time.
"""
import json
import sys
import time
import urllib.request

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from headless_chromium import open_browser


def main():
    url, name, shot = sys.argv[1], sys.argv[2], sys.argv[3]
    browser = open_browser()
    wait = WebDriverWait(browser, 20)
    step = "open the page"
    try:
        browser.get(url)
        step = "connect"
        wait.until(lambda b: b.find_element(By.ID, "status").text == "live")
        item = f'#tree li[data-name="{name}"]'
        step = f"find {name} in the tree"
        wait.until(lambda b: b.find_elements(By.CSS_SELECTOR, item))
        step = f"select {name}"
        browser.find_element(By.CSS_SELECTOR, item + " > span").click()
        wait.until(lambda b: "selected" in b.find_element(By.CSS_SELECTOR, item).get_attribute("class"))
        step = f"hide {name}"
        wait.until(lambda b: b.find_elements(By.ID, "hidden"))
        browser.find_element(By.ID, "hidden").click()
        wait.until(lambda b: "hidden" in b.find_element(By.CSS_SELECTOR, item).get_attribute("class"))
        step = "see the hide held among the edits, and undo it"
        edit = '#edits .edit button[data-property="hidden"]'
        wait.until(lambda b: b.find_elements(By.CSS_SELECTOR, edit))
        held = browser.find_element(By.CSS_SELECTOR, "#edits .edit").text
        browser.find_element(By.CSS_SELECTOR, edit).click()
        wait.until(lambda b: f"undid hidden of {name}" in b.find_element(By.ID, "replies").get_attribute("textContent"))
        wait.until(lambda b: "hidden" not in b.find_element(By.CSS_SELECTOR, item).get_attribute("class"))
        undone_edits = len(browser.find_elements(By.CSS_SELECTOR, "#edits .edit"))
        step = f"hide {name} again, and reset every edit"
        browser.find_element(By.ID, "hidden").click()
        wait.until(lambda b: b.find_elements(By.ID, "resetEdits"))
        browser.find_element(By.ID, "resetEdits").click()
        wait.until(lambda b: "reset 1 edit: undid hidden" in b.find_element(By.ID, "replies").get_attribute("textContent"))
        wait.until(lambda b: "hidden" not in b.find_element(By.CSS_SELECTOR, item).get_attribute("class"))
        step = f"hide {name} for the room's last frame"
        browser.find_element(By.ID, "hidden").click()
        wait.until(lambda b: "hidden" in b.find_element(By.CSS_SELECTOR, item).get_attribute("class"))
        step = "hide the movable layer"
        browser.find_element(By.CSS_SELECTOR, '#layerTable tr[data-layer="movable"] .shown').click()
        wait.until(lambda b: "hid the movable layer" in b.find_element(By.ID, "replies").get_attribute("textContent"))
        step = "see the event log"
        wait.until(lambda b: len(b.find_elements(By.CSS_SELECTOR, "#eventBody tr")) >= 3)
        step = "filter the log"
        browser.find_element(By.ID, "filter").send_keys("note")
        # Read in the page, in one go: a live log replaces its rows between two WebDriver calls.
        def shown_rows(b):
            return b.execute_script(
                "return [...document.querySelectorAll('#eventBody tr')]"
                ".filter(r => r.offsetParent !== null).map(r => r.innerText)")
        shown = wait.until(shown_rows)
        step = "pause the log"
        browser.find_element(By.ID, "pause").click()
        rows = len(browser.find_elements(By.CSS_SELECTOR, "#eventBody tr"))
        wait.until(lambda b: "while paused" in b.find_element(By.ID, "eventInfo").text)
        paused_rows = len(browser.find_elements(By.CSS_SELECTOR, "#eventBody tr"))
        step = "open an event's catalogue entry"
        cell = next(c for c in browser.find_elements(By.CSS_SELECTOR, "#eventBody tr td.name") if c.is_displayed())
        clicked = cell.text
        cell.click()
        wait.until(lambda b: b.find_elements(By.CSS_SELECTOR, "#catalogueRows div.chosen"))
        entry = browser.find_element(By.CSS_SELECTOR, "#catalogueRows div.chosen").text
        catalogue = len(browser.find_elements(By.CSS_SELECTOR, "#catalogueRows div"))
        step = "save the log"
        saved = urllib.request.urlopen(browser.find_element(By.ID, "save").get_attribute("href"), timeout=10).read().decode()
        step = "measure widget costs"
        browser.find_element(By.ID, "profile").click()
        wait.until(lambda b: "measuring widget costs" in b.find_element(By.ID, "replies").get_attribute("textContent"))
        wait.until(lambda b: "costliest widgets" in b.find_element(By.ID, "picked").text)
        time.sleep(1.5)
        step = "pause the chart and pick a frame"
        browser.find_element(By.ID, "pauseChart").click()
        chart = browser.find_element(By.ID, "chart")
        frames = browser.execute_script("return history.length")
        x = int((frames - 3 + 0.5) / 300 * chart.size["width"]) - chart.size["width"] // 2
        ActionChains(browser).move_to_element_with_offset(chart, x, 0).click().perform()
        wait.until(lambda b: b.find_element(By.ID, "picked").text.startswith("frame "))
        picked = browser.find_element(By.ID, "picked").text
        step = "see the memory chart with the caches and their budgets"
        wait.until(lambda b: " of " in b.find_element(By.ID, "memLegend").get_attribute("textContent"))
        memory_legend = browser.find_element(By.ID, "memLegend").get_attribute("textContent")
        step = "read the frame stats"
        wait.until(lambda b: "p50" in b.find_element(By.ID, "stats").text and "NaN" not in b.find_element(By.ID, "stats").text)
        browser.save_screenshot(shot)
        print(json.dumps({
            "selected": browser.find_element(By.CSS_SELECTOR, "#tree li.selected").get_attribute("data-name"),
            "hidden": "hidden" in browser.find_element(By.CSS_SELECTOR, item).get_attribute("class"),
            "stats": browser.find_element(By.ID, "stats").text,
            "tree": len(browser.find_elements(By.CSS_SELECTOR, "#tree li")),
            "replies": browser.find_element(By.ID, "replies").text,
            "filtered": shown,
            "rows": [rows, paused_rows],
            "eventInfo": browser.find_element(By.ID, "eventInfo").text,
            "saved": saved[:200],
            "clicked": clicked,
            "entry": entry,
            "catalogue": catalogue,
            "picked": picked,
            "hoveredRows": len(browser.find_elements(By.CSS_SELECTOR, "#tree li.hovered")),
            "selectedRows": len(browser.find_elements(By.CSS_SELECTOR, "#tree li.selected")),
            "memory": browser.find_element(By.ID, "memory").text,
            "held": held,
            "memoryLegend": memory_legend,
            "editsAfterUndo": undone_edits,
        }))
        return 0
    except Exception as error:  # a step that timed out: say which page state it stopped at
        print(f"devtools_page: could not {step}: {type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}; status "
              f"{browser.find_element(By.ID, 'status').text!r}", file=sys.stderr)
        return 1
    finally:
        browser.quit()


if __name__ == "__main__":
    sys.exit(main())
