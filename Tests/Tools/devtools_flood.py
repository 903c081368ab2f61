#!/usr/bin/env python3
"""Opens the DevTools page of a room flooded with events (headless Chromium, Selenium) and
reports whether it keeps up: the connection stays live, the log keeps at most its 500 rows
and says how many entries it was not sent, and the page still answers a click at once.

Usage: devtools_flood.py URL_FILE
The browser is started first, and the page's address is then read from URL_FILE once it
is there (up to 60 s): Chromium takes seconds to start on a busy machine, and the room's
flood should not be spent waiting for it.
Prints one JSON line: {"status": ..., "rows": N, "info": ..., "answer_ms": N, "frames": [...]}.
"""
import json
import os
import sys
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from headless_chromium import open_browser


def wait_for_address(path):
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if os.path.exists(path):
            with open(path, encoding="utf-8") as file:
                address = file.read().strip()
            if address:
                return address
        time.sleep(0.05)
    raise SystemExit(f"devtools_flood.py: no address in {path} after 60 s")


def main():
    browser = open_browser()
    try:
        browser.get(wait_for_address(sys.argv[1]))
        WebDriverWait(browser, 20).until(lambda b: b.find_element(By.ID, "status").text == "live")
        frames = []
        for _ in range(3):
            time.sleep(1)
            frames.append(browser.find_element(By.ID, "frame").text)
        start = time.monotonic()
        browser.find_element(By.ID, "pause").click()
        answered = browser.execute_script("return document.getElementById('pause').checked")
        answer_ms = (time.monotonic() - start) * 1000
        print(json.dumps({
            "status": browser.find_element(By.ID, "status").text,
            "rows": len(browser.find_elements(By.CSS_SELECTOR, "#eventBody tr")),
            "info": browser.find_element(By.ID, "eventInfo").text,
            "answered": answered,
            "answer_ms": answer_ms,
            "frames": frames,
        }))
        return 0
    finally:
        browser.quit()


if __name__ == "__main__":
    sys.exit(main())
