"""The game page in a real browser: headless Chromium from Debian's packages (`chromium`, `chromium-driver`;
`sh scripts/setup.sh test` installs them, nothing is downloaded at run time), driven with Selenium through
the system chromedriver. It loads a game page, steps through plies with the links and the slider, checks
that the picture changes and loads under the page's Content-Security-Policy, that nothing hidden is in the
HTML or the pictures, and that a Persian page is laid out right to left. It saves a screenshot of the page
(``WEB_SCREENSHOT=path`` keeps it; the README's images/web-game.png was made so).

Marked ``browser`` (``pytest -m browser`` runs only these); it runs with the rest, in CI too: a machine
without Chromium fails it rather than skipping it."""

from __future__ import annotations

import asyncio
import os
import random
import shutil
import struct
from datetime import timedelta
from pathlib import Path

import aiohttp
import pytest
from webhelpers import ANN, BOB, GUILD, SEED, play_out

from warchest_bot.i18n import t

pytestmark = pytest.mark.browser

CHROMIUM = ("/usr/bin/chromium", "/usr/bin/chromium-browser")
CHROMEDRIVER = ("/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver")


def _first(paths: tuple[str, ...], name: str) -> str:
    found = next((p for p in paths if os.path.exists(p)), None) or shutil.which(name)
    assert found, (
        f"{name} is missing: install Debian's chromium and chromium-driver (sh scripts/setup.sh test)"
    )
    return found


def browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = _first(CHROMIUM, "chromium")
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--window-size=1280,1000",
    ):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    # The system chromedriver by path: Selenium Manager (which would download a driver) is never asked.
    return webdriver.Chrome(
        service=Service(executable_path=_first(CHROMEDRIVER, "chromedriver")), options=options
    )


def png_has_text_chunks(data: bytes) -> bool:
    at = 8
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        if data[at + 4 : at + 8] in (b"tEXt", b"iTXt", b"zTXt", b"eXIf"):
            return True
        at += 12 + length
    return False


def drive(url: str, total: int, secrets: set[str], shot: Path) -> dict:
    """Everything the browser does (in a thread: the pages are served by the test's event loop)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    seen: dict = {"pictures": [], "sources": [], "html": []}
    driver = browser()
    try:
        wait = WebDriverWait(driver, 20)

        def loaded(ply: int) -> None:
            wait.until(
                lambda d: (
                    d.find_element(By.ID, "board").get_attribute("data-ply") == str(ply)
                    and d.execute_script(
                        "var i = document.getElementById('board'); return i.complete && i.naturalWidth > 0"
                    )
                )
            )

        driver.get(url + "?ply=0")
        loaded(0)
        seen["sources"].append(driver.find_element(By.ID, "board").get_attribute("src"))
        seen["pictures"].append(driver.find_element(By.ID, "board").screenshot_as_png)
        seen["html"].append(driver.page_source)
        for ply in (1, 2, 3):  # the Next link, as a reader without scripts would
            driver.find_element(By.ID, "nav-next").click()
            loaded(ply)
            board = driver.find_element(By.ID, "board")
            seen["sources"].append(board.get_attribute("src"))
            seen["pictures"].append(board.screenshot_as_png)
            seen["html"].append(driver.page_source)
        driver.find_element(By.ID, "nav-prev").click()
        loaded(2)
        seen["back"] = driver.current_url
        # The slider: moving it shows that ply's picture at once (the script), letting go opens its page.
        target = min(total, 7)
        driver.execute_script(
            "var r = document.getElementById('ply'); r.value = arguments[0];"
            "r.dispatchEvent(new Event('input', {bubbles: true}));",
            target,
        )
        wait.until(lambda d: f"/{target}.png" in d.find_element(By.ID, "board").get_attribute("src"))
        seen["slid_output"] = driver.find_element(By.CSS_SELECTOR, "form.slider output").text
        driver.execute_script(
            "document.getElementById('ply').dispatchEvent(new Event('change', {bubbles: true}));"
        )
        loaded(target)
        seen["slid_url"] = driver.current_url
        seen["html"].append(driver.page_source)
        driver.get(url)
        loaded(total)
        driver.save_screenshot(str(shot))
        seen["console"] = [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"]
        # Persian: the page and its layout right to left.
        driver.get(url + "?lang=fa")
        loaded(total)
        seen["fa_dir"] = driver.execute_script("return document.documentElement.dir")
        seen["fa_lang"] = driver.execute_script("return document.documentElement.lang")
        seen["fa_direction"] = driver.execute_script("return getComputedStyle(document.body).direction")
        first = driver.find_element(By.ID, "nav-first").rect
        last = driver.find_element(By.ID, "nav-last").rect
        seen["fa_first_right_of_last"] = first["x"] > last["x"]
        seen["fa_next"] = driver.find_element(By.ID, "nav-first").text
        seen["html"].append(driver.page_source)
        driver.get(url + "?lang=en")
        loaded(total)
        first = driver.find_element(By.ID, "nav-first").rect
        last = driver.find_element(By.ID, "nav-last").rect
        seen["en_first_left_of_last"] = first["x"] < last["x"]
        seen["console"] += [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"]
    finally:
        driver.quit()
    return seen


async def test_game_page_in_chromium(service, web, http, tmp_path):
    info = await service.create_game(
        [ANN, BOB], options={"units": "first-game"}, guild_id=GUILD, seed=SEED, move_time=timedelta(days=2)
    )
    info = await play_out(service, info, random.Random(5), stop=30)
    assert info.status == "active"
    secrets = {str(SEED)}
    public = {e.ply: e.text for e in await service.action_log(info.id)}
    for seat in info.seats:
        for entry in await service.action_log(info.id, seat.user_id):
            if entry.seat == seat.seat and entry.text != public[entry.ply]:
                secrets.add(entry.text)  # a coin paid face down: only its seat may read it
    assert len(secrets) > 1
    url = web.pages.game_url(info.id)
    shot = tmp_path / "web-game.png"

    seen = await asyncio.to_thread(drive, url, info.ply, secrets, shot)

    assert len(set(seen["sources"])) == 4 and len(set(seen["pictures"])) == 4  # the picture changed each step
    assert "ply=2" in seen["back"]
    assert seen["slid_output"] == "7" and "ply=7" in seen["slid_url"]
    assert seen["console"] == []  # no CSP violation, no failed load
    for html in seen["html"]:
        for secret in secrets:
            assert secret not in html
    async with aiohttp.ClientSession() as session:
        for src in set(seen["sources"]):
            async with session.get(src) as r:
                png = await r.read()
            assert r.status == 200 and png.startswith(b"\x89PNG") and not png_has_text_chunks(png)
            assert str(SEED).encode() not in png
    assert seen["fa_dir"] == "rtl" and seen["fa_lang"] == "fa" and seen["fa_direction"] == "rtl"
    assert seen["fa_first_right_of_last"] and seen["en_first_left_of_last"]
    assert seen["fa_next"] == t("web.nav.first", "fa")
    assert shot.read_bytes().startswith(b"\x89PNG")
    keep = os.environ.get("WEB_SCREENSHOT")
    if keep:
        shutil.copyfile(shot, keep)
