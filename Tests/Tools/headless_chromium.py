"""Headless Chromium for the page tests, through Selenium and Debian's chromedriver."""
from selenium import webdriver
from selenium.webdriver.chrome.service import Service


def open_browser():
    """A headless Chromium as the tests drive it: sandbox off (CI runs as root), no GPU, a
    fixed window size, and none of the browser's own network chatter."""
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1200,900",
                 "--disable-background-networking", "--disable-component-update", "--no-first-run"):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
