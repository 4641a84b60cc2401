"""A small client of the W3C WebDriver protocol (chromedriver's HTTP
interface, with the standard library's urllib): the browser tests drive
headless Chromium as a person taps and types, one session a phone."""

from __future__ import annotations

import base64
import contextlib
import json
import shutil
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

ELEMENT = "element-6066-11e4-a52e-4f735466cecf"  # the W3C key of an element reference
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars"]  # fmt: skip
ENTER = "\ue007"
WAIT = 20.0  # seconds a test waits for a page to show what it should, at the most


def chromedriver() -> str | None:
    return "/usr/bin/chromedriver" if Path("/usr/bin/chromedriver").exists() else shutil.which("chromedriver")


class WebDriverError(Exception):
    pass


class Driver:
    """chromedriver on a free port of 127.0.0.1, stopped at the end."""

    def __init__(self, binary: str, log: Path):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.log = log.open("w")
        self.proc = subprocess.Popen([binary, f"--port={self.port}"], stdout=self.log, stderr=subprocess.STDOUT)
        self.root = f"http://127.0.0.1:{self.port}"
        deadline = time.monotonic() + WAIT
        while True:
            with contextlib.suppress(OSError, WebDriverError):
                self.call("GET", "/status")
                return
            if time.monotonic() > deadline or self.proc.poll() is not None:
                raise WebDriverError(f"chromedriver did not answer: {log.read_text()}")
            time.sleep(0.1)  # polling the port, bounded by the deadline

    def call(self, method: str, path: str, body: object = None) -> object:
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.root + path, data=data, method=method,
                                     headers={"content-type": "application/json"})  # fmt: skip
        try:
            with urllib.request.urlopen(req, timeout=120) as r:
                return json.loads(r.read())["value"]
        except urllib.error.HTTPError as e:
            raise WebDriverError(e.read().decode()[:2000]) from None

    def close(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        self.log.close()


class Phone:
    """One browser session: a phone 390 x 844 (its own profile, cookies and storage), or a desk's window."""

    def __init__(self, driver: Driver, browser: str, profile: Path, script: bool = True, lang: str = "de-AT",
                 width: int = 390):  # fmt: skip
        height = 844 if width == 390 else 900
        options = {"binary": browser, "args": [*FLAGS, f"--user-data-dir={profile}", f"--lang={lang}",
                                               f"--window-size={width},{height}"],
                   "prefs": {"intl.accept_languages": lang,
                             **({} if script else {"profile.managed_default_content_settings.javascript": 2})}}  # fmt: skip
        if width == 390:  # a phone: its screen, its pixels
            options["mobileEmulation"] = {"deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 2}}
        caps = {"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": options}}}
        self.driver = driver
        self.id = driver.call("POST", "/session", caps)["sessionId"]  # type: ignore[index]

    def call(self, method: str, path: str, body: object = None) -> object:
        return self.driver.call(method, f"/session/{self.id}{path}", body)

    def go(self, url: str) -> None:
        self.call("POST", "/url", {"url": url})

    def find(self, css: str) -> str:
        return self.call("POST", "/element", {"using": "css selector", "value": css})[ELEMENT]  # type: ignore[index]

    def finds(self, css: str) -> list[str]:
        found = self.call("POST", "/elements", {"using": "css selector", "value": css})
        return [e[ELEMENT] for e in found]  # type: ignore[union-attr]

    def tap(self, css: str) -> None:
        self.call("POST", f"/element/{self.find(css)}/click", {})

    def type(self, css: str, text: str, clear: bool = True) -> None:
        el = self.find(css)
        if clear:
            self.call("POST", f"/element/{el}/clear", {})
        self.call("POST", f"/element/{el}/value", {"text": text})

    def send(self, css: str) -> None:
        """The form of the field sent as a phone's keyboard sends it (Enter: "Go"); a click on a
        submit button of a page without JavaScript keeps chromedriver waiting for its load."""
        self.type(css, ENTER, clear=False)

    def choose(self, css: str, value: str) -> None:
        """An option of a select, picked as a finger picks it."""
        self.tap(f'{css} option[value="{value}"]')

    def text(self, css: str = "body") -> str:
        return str(self.call("GET", f"/element/{self.find(css)}/text"))

    def js(self, script: str, *args: object) -> object:
        return self.call("POST", "/execute/sync", {"script": script, "args": list(args)})

    def source(self) -> str:
        return str(self.call("GET", "/source"))

    def url(self) -> str:
        return str(self.call("GET", "/url"))

    def screenshot(self, path: Path) -> Path:
        path.write_bytes(base64.b64decode(str(self.call("GET", "/screenshot"))))
        return path

    def wait(self, what, message: str) -> object:  # type: ignore[no-untyped-def]
        """``what()`` once it is true (polled, bounded by ``WAIT``): a page that reloads by itself."""
        deadline = time.monotonic() + WAIT
        while True:
            with contextlib.suppress(WebDriverError):
                found = what()
                if found:
                    return found
            if time.monotonic() > deadline:
                raise AssertionError(f"{message} (waited {WAIT:g} s)")
            time.sleep(0.1)

    def close(self) -> None:
        with contextlib.suppress(WebDriverError, OSError):
            self.call("DELETE", "")


@contextlib.contextmanager
def phones(tmp: Path, browser: str, *scripts: bool) -> Iterator[list[Phone]]:
    """One chromedriver and a session a phone (``scripts``: JavaScript on for each)."""
    binary = chromedriver()
    assert binary is not None
    driver = Driver(binary, tmp / "chromedriver.log")
    made: list[Phone] = []
    try:
        for i, script in enumerate(scripts):
            made.append(Phone(driver, browser, tmp / f"phone-{i}", script))
        yield made
    finally:
        for p in made:
            p.close()
        driver.close()
