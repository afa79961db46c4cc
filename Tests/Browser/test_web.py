#!/usr/bin/env python3
"""Rebut's web app in a real browser: headless Chromium driven by Selenium.

Starts `rebut serve` on a free loopback port with a temporary store and a password, then, as a
person would: is refused with a wrong password, logs in, creates an event, uploads two receipt
photos, picks a candidate for a missing field in the picker, saves and sees the receipt filed,
sees the word boxes of a phone photo drawn on the image the OCR read, queues a photo while offline
and sees it sent once when back online. The API is checked from
plain urllib: a missing or wrong token is refused, a real one accepted, and the OpenAPI document
validates. Screenshots of the main pages go to --screenshots.

Usage: test_web.py --rebut .build/debug/rebut [--screenshots DIR]
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import traceback
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urlparse

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "Fixtures" / "receipts"
PASSWORD = "browser-test-password"
WAIT = 90  # seconds: an upload is read by Tesseract before the page hears back


class Server:
    def __init__(self, rebut, workdir):
        self.store = Path(workdir) / "rebut.sqlite"
        self.rebut = rebut
        env = dict(os.environ, OMP_THREAD_LIMIT="1")
        subprocess.run([rebut, "serve", "--set-password", "--store", str(self.store)],
                       input=PASSWORD + "\n", text=True, check=True, env=env, capture_output=True)
        self.token = subprocess.run([rebut, "tokens", "create", "browser test", "--store", str(self.store)],
                                    text=True, check=True, env=env, capture_output=True).stdout.strip().splitlines()[-1]
        self.process = subprocess.Popen([rebut, "serve", "--listen", "127.0.0.1:0", "--store", str(self.store), "--jobs", "2"],
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
        self.output = []
        for line in self.process.stdout:
            self.output.append(line)
            match = re.search(r"serving (http://127\.0\.0\.1:\d+)/", line)
            if match:
                self.base = match.group(1)
                break
        else:
            raise RuntimeError("rebut serve did not start:\n" + "".join(self.output))

    def api(self, path, token=None, method="GET", body=None, content_type=None):
        request = urllib.request.Request(self.base + path, method=method, data=body)
        if token:
            request.add_header("Authorization", "Bearer " + token)
        if content_type:
            request.add_header("Content-Type", content_type)
        try:
            with urllib.request.urlopen(request, timeout=WAIT) as response:
                return response.status, json.loads(response.read() or b"null")
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")

    def receipts(self):
        status, body = self.api("/api/v1/events", self.token)
        assert status == 200, body
        receipts = []
        for event in body["events"]:
            _, listed = self.api(f"/api/v1/events/{event['id']}/receipts", self.token)
            receipts += listed["receipts"]
        return receipts

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=30)


def make_driver():
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,900",
                     "--disable-gpu", "--no-first-run"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    return webdriver.Chrome(options=options, service=service)


class BrowserTests:
    def __init__(self, server, driver, screenshots):
        self.server, self.driver, self.screenshots = server, driver, screenshots
        self.event_id = None

    def shot(self, name, width=1280, height=900):
        if self.screenshots:
            self.driver.set_window_size(width, height)
            self.driver.save_screenshot(str(Path(self.screenshots) / f"web-{name}.png"))
            self.driver.set_window_size(1280, 900)

    def wait(self, condition, message):
        return WebDriverWait(self.driver, WAIT, poll_frequency=0.25).until(lambda d: condition(d), message)

    def go(self, path):
        self.driver.get(self.server.base + path)

    def test_api_refuses_a_missing_or_wrong_token(self):
        status, body = self.server.api("/api/v1/events")
        assert status == 401, (status, body)
        assert "Bearer" in body["error"]["message"], body
        status, _ = self.server.api("/api/v1/events", "rbt_not-a-token")
        assert status == 401
        status, body = self.server.api("/api/v1/events", self.server.token)
        assert status == 200 and body["events"] == [], body

    def test_openapi_document_is_valid(self):
        from openapi_spec_validator import validate
        status, spec = self.server.api("/api/v1/openapi.json")
        assert status == 200
        validate(spec)

    def test_a_wrong_password_is_refused(self):
        self.go("/events")
        self.wait(lambda d: "/login" in d.current_url, "the events page sends to /login")
        self.shot("login", 900, 600)
        self.driver.find_element(By.NAME, "password").send_keys("not the password")
        self.driver.find_element(By.CSS_SELECTOR, "form[action='/login'] button").click()
        self.wait(lambda d: "Wrong password." in d.page_source, "a wrong password is named")
        assert urlparse(self.driver.current_url).path == "/login", self.driver.current_url

    def test_logs_in_and_creates_an_event(self):
        self.go("/login?next=/events")
        self.driver.find_element(By.NAME, "password").send_keys(PASSWORD)
        self.driver.find_element(By.CSS_SELECTOR, "form[action='/login'] button").click()
        self.wait(lambda d: urlparse(d.current_url).path == "/events", "logged in, on the events page")
        form = self.driver.find_element(By.ID, "new-event")
        form.find_element(By.NAME, "name").send_keys("London, March")
        form.find_element(By.NAME, "place").send_keys("London")
        form.find_element(By.NAME, "currency").send_keys("GBP")
        form.find_element(By.CSS_SELECTOR, "select[name=kind] option[value=trip]").click()
        form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
        self.wait(lambda d: re.search(r"/events/\d+$", d.current_url), "the new event's page")
        self.event_id = int(self.driver.current_url.rsplit("/", 1)[1])
        _, event = self.server.api(f"/api/v1/events/{self.event_id}", self.server.token)
        assert event["name"] == "London, March" and event["kind"] == "trip" and event["currency"] == "GBP", event

    def queue_states(self):
        # In one script: the table is redrawn while uploads progress, so element handles go stale.
        return self.driver.execute_script("return [...document.querySelectorAll('#queue tbody tr')].map(r => r.dataset.state)")

    def test_uploads_two_receipts(self):
        self.go(f"/upload?event={self.event_id}")
        files = [FIXTURES / "eng-restaurant-clean.png", FIXTURES / "eng-cafe-faded.png"]
        self.driver.find_element(By.ID, "file-input").send_keys("\n".join(str(f) for f in files))
        self.wait(lambda d: len(self.queue_states()) == 2 and all(s in ("filed", "needs_review") for s in self.queue_states()),
                  "both uploads answered")
        self.shot("upload", 412, 860)
        receipts = self.server.receipts()
        assert sorted(r["fileName"] for r in receipts) == sorted(f.name for f in files), receipts

    def test_picks_a_candidate_in_the_picker_and_files_the_receipt(self):
        to_review = [r for r in self.server.receipts() if r["status"] == "needs_review"]
        assert [r["fileName"] for r in to_review] == ["eng-cafe-faded.png"], to_review  # its vendor is uncertain
        receipt = to_review[0]
        # Its total is read well; cleared here (as `rebut receipts set ID --total none` would) it is missing.
        status, cleared = self.server.api(f"/api/v1/receipts/{receipt['id']}", self.server.token, "PATCH",
                                          json.dumps({"fields": {"total": None}}).encode(), "application/json")
        assert status == 200 and "total" not in cleared, cleared
        _, candidates = self.server.api(f"/api/v1/receipts/{receipt['id']}/candidates", self.server.token)
        best_total = next(f for f in candidates["fields"] if f["field"] == "total")["candidates"][0]

        self.go(f"/review?event={self.event_id}")
        self.wait(lambda d: urlparse(d.current_url).path == f"/receipts/{receipt['id']}/review", "the picker opens on it")
        total = self.driver.find_element(By.CSS_SELECTOR, "fieldset.field[data-field=total]")
        assert "missing" in total.find_element(By.TAG_NAME, "legend").text.lower()
        vendor = self.driver.find_element(By.CSS_SELECTOR, "fieldset.field[data-field=vendor]")
        assert "uncertain" in vendor.find_element(By.TAG_NAME, "legend").text.lower()
        # Keys: → moves to the next field, 2 then 1 picks; a click picks too.
        body = self.driver.find_element(By.TAG_NAME, "body")
        total.find_elements(By.CSS_SELECTOR, "ol.candidates label")[1].click()
        assert total.find_elements(By.CSS_SELECTOR, "ol.candidates input")[1].is_selected()
        total.find_element(By.TAG_NAME, "legend").click()
        body.send_keys("1")
        assert total.find_elements(By.CSS_SELECTOR, "ol.candidates input")[0].is_selected(), "key 1 picks candidate 1"
        line = best_total["lineIndex"]
        self.wait(lambda d: d.execute_script(
            f"const li = document.querySelector('#ocr li.mark'); return li && li.dataset.line === '{line}'"),
            "the picked candidate's line is highlighted in the OCR text")
        assert self.driver.execute_script("return document.querySelectorAll('.boxes div').length") > 0, "its boxes are drawn"
        self.shot("picker")
        self.driver.find_element(By.ID, "save").click()
        self.wait(lambda d: urlparse(d.current_url).path == f"/events/{self.event_id}", "saved: back to the event, nothing left to review")
        _, saved = self.server.api(f"/api/v1/receipts/{receipt['id']}", self.server.token)
        assert saved["status"] == "filed" and saved["total"] == best_total["value"], saved
        row = self.driver.find_element(By.CSS_SELECTOR, f"tr[data-receipt='{receipt['id']}']")
        assert "filed" in row.text and "needs review" not in row.text, row.text
        self.shot("event")

    def test_the_picker_on_a_photo_draws_boxes_on_the_image_the_ocr_read(self):
        photo = ROOT / "Fixtures" / "wild" / "img" / "eng-restaurant-photo.jpg"
        status, upload = self.server.api(f"/api/v1/events/{self.event_id}/uploads?name={photo.name}", self.server.token,
                                         "POST", photo.read_bytes(), "image/jpeg")
        assert status == 201, upload
        receipt_id = upload["receipt"]["id"]
        _, candidates = self.server.api(f"/api/v1/receipts/{receipt_id}/candidates", self.server.token)
        total = next(f for f in candidates["fields"] if f["field"] == "total")
        line = next(c["lineIndex"] for c in total["candidates"] if c["value"] == "76.20")
        self.go(f"/receipts/{receipt_id}/review")
        self.wait(lambda d: d.execute_script("const i = document.getElementById('receipt-image'); return i && i.complete && i.naturalWidth > 0"),
                  "the read image loads")
        self.driver.find_element(By.CSS_SELECTOR, f"#ocr li[data-line='{line}']").click()
        self.wait(lambda d: d.execute_script("return document.querySelectorAll('.boxes div').length > 0"), "the total's boxes are drawn")
        src, natural, extent, first, drawn, shown = self.driver.execute_script("""
            const img = document.getElementById('receipt-image');
            const extent = document.querySelector('.figure').dataset.extent.split(',').map(Number);
            const li = document.querySelector('#ocr li.mark');
            const first = (li.dataset.words.split(';').filter(Boolean)[0] || li.dataset.box).split(',').map(Number);
            const d = document.querySelector('.boxes div').getBoundingClientRect(), r = img.getBoundingClientRect();
            return [img.getAttribute('src'), [img.naturalWidth, img.naturalHeight], extent, first,
                    [d.left - r.left, d.top - r.top, d.width, d.height], [r.width, r.height]];""")
        assert src == f"/receipts/{receipt_id}/read-image", src
        assert self.driver.find_element(By.ID, "original-image").get_attribute("href").endswith(f"/receipts/{receipt_id}/image")
        # The JPEG may be smaller than the boxes' space, never of another shape.
        assert max(natural) <= 1600 and abs(natural[0] / natural[1] - extent[0] / extent[1]) < 0.01, (natural, extent)
        sx, sy = shown[0] / extent[0], shown[1] / extent[1]
        x, y, w, h = first
        assert abs(drawn[0] - x * sx) <= 2 and abs(drawn[1] - y * sy) <= 2, (drawn, first, sx, sy)
        assert abs(drawn[2] - w * sx) <= 5 and abs(drawn[3] - h * sy) <= 5, (drawn, first, sx, sy)
        self.driver.execute_script("window.scrollTo(0, 0)")
        self.shot("picker-photo")

    def test_an_offline_upload_is_queued_and_sent_once_back_online(self):
        self.go(f"/upload?event={self.event_id}")
        before = len(self.server.receipts())
        self.driver.set_network_conditions(offline=True, latency=0, download_throughput=0, upload_throughput=0)
        try:
            self.driver.find_element(By.ID, "file-input").send_keys(str(FIXTURES / "eng-petrol-clean.png"))
            self.wait(lambda d: "queued" in self.queue_states(), "the photo is queued while offline")
            self.shot("upload-offline", 412, 860)
            assert len(self.server.receipts()) == before, "nothing reached the server while offline"
        finally:
            self.driver.set_network_conditions(offline=False, latency=0, download_throughput=-1, upload_throughput=-1)
        self.wait(lambda d: "queued" not in self.queue_states() and "sending" not in self.queue_states(),
                  "the queued photo is sent when back online")
        states = self.queue_states()
        assert all(s in ("filed", "needs_review") for s in states), states
        assert "already filed" not in self.driver.execute_script("return document.getElementById('queue').textContent"), "sent twice"
        receipts = self.server.receipts()
        assert len(receipts) == before + 1, [r["fileName"] for r in receipts]
        assert sum(r["fileName"] == "eng-petrol-clean.png" for r in receipts) == 1

    def test_event_list_and_receipt_pages_render(self):
        self.go("/events")
        assert "London, March" in self.driver.page_source
        self.shot("events")
        receipt = self.server.receipts()[0]
        self.go(f"/receipts/{receipt['id']}")
        self.wait(lambda d: d.execute_script("const i = document.getElementById('receipt-image'); return i && i.complete && i.naturalWidth > 0"),
                  "the receipt image loads")
        self.shot("receipt")

    def test_the_event_pages_pdf_link_downloads_a_pdf(self):
        self.go(f"/events/{self.event_id}")
        link = self.driver.find_element(By.CSS_SELECTOR, "a.download[data-format=pdf]")
        # Fetched by the page itself (its session cookie): what a click on the link downloads.
        result = self.driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            fetch(arguments[0]).then(async r => {
                const bytes = new Uint8Array(await r.arrayBuffer());
                done([r.status, r.headers.get('content-type'), r.headers.get('content-disposition'),
                      String.fromCharCode(...bytes.slice(0, 5)), bytes.length]);
            }).catch(e => done([0, String(e), '', '', 0]));""", link.get_attribute("href"))
        status, content_type, disposition, magic, size = result
        assert status == 200 and content_type == "application/pdf", result
        assert disposition == 'attachment; filename="claim-London-March.pdf"', result
        assert magic == "%PDF-" and size > 1000, result
        self.shot("event-reports")
        self.go("/reports")
        assert self.driver.find_elements(By.CSS_SELECTOR, f"tr[data-event='{self.event_id}'] a.download[data-format=zip]")
        self.shot("reports")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rebut", required=True)
    parser.add_argument("--screenshots")
    args = parser.parse_args()
    if args.screenshots:
        Path(args.screenshots).mkdir(parents=True, exist_ok=True)
    passed = failed = 0
    with tempfile.TemporaryDirectory(prefix="rebut-browser-") as workdir:
        server = Server(os.path.abspath(args.rebut), workdir)
        driver = make_driver()
        try:
            tests = BrowserTests(server, driver, args.screenshots)
            order = ["test_api_refuses_a_missing_or_wrong_token", "test_openapi_document_is_valid",
                     "test_a_wrong_password_is_refused", "test_logs_in_and_creates_an_event",
                     "test_uploads_two_receipts", "test_picks_a_candidate_in_the_picker_and_files_the_receipt",
                     "test_the_picker_on_a_photo_draws_boxes_on_the_image_the_ocr_read",
                     "test_an_offline_upload_is_queued_and_sent_once_back_online",
                     "test_event_list_and_receipt_pages_render", "test_the_event_pages_pdf_link_downloads_a_pdf"]
            for name in order:
                try:
                    getattr(tests, name)()
                    passed += 1
                    print(f"ok     {name}", flush=True)
                except Exception:
                    failed += 1
                    print(f"FAILED {name} (at {driver.current_url})", flush=True)
                    traceback.print_exc(limit=3)
                    if args.screenshots:
                        driver.save_screenshot(str(Path(args.screenshots) / f"failed-{name}.png"))
                    for entry in driver.get_log("browser"):
                        print("  browser:", entry.get("level"), entry.get("message"))
                    if name in ("test_logs_in_and_creates_an_event", "test_uploads_two_receipts"):
                        break  # the rest build on these
        finally:
            driver.quit()
            server.stop()
    print(f"browser: {passed} passed, {failed} failed")
    return 0 if failed == 0 and passed == 10 else 1


if __name__ == "__main__":
    sys.exit(main())
