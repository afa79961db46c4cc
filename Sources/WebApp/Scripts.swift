/// The browser side: plain JavaScript, no build step.
enum Scripts {
    static let app = #"""
    "use strict";
    // Zoom: a click on the receipt image toggles a larger view inside its scrolling frame.
    for (const img of document.querySelectorAll("img.zoomable")) {
      img.addEventListener("click", () => { img.classList.toggle("zoomed"); window.dispatchEvent(new Event("resize")); });
    }
    if ("serviceWorker" in navigator && window.isSecureContext) {
      navigator.serviceWorker.register("/sw.js").catch(() => {});
    }
    """#

    /// The picker: candidates highlight their line in the OCR text and their word boxes on the
    /// image; keys pick, move and save. Without JavaScript the form still works with the radios.
    static let picker = #"""
    "use strict";
    (() => {
      const figure = document.querySelector(".figure");
      const img = document.getElementById("receipt-image");
      const layer = document.querySelector(".boxes");
      const ocr = document.getElementById("ocr");
      let marked = null;

      function boxesOf(li) {
        const words = (li.dataset.words || "").split(";").filter(Boolean);
        const list = words.length ? words : [li.dataset.box].filter(Boolean);
        return list.map(s => s.split(",").map(Number));
      }
      function draw() {
        if (!layer) return;
        layer.replaceChildren();
        if (!marked || !img || !figure) return;
        const [w, h] = (figure.dataset.extent || "0,0").split(",").map(Number);
        if (!w || !h) return;
        layer.style.width = img.clientWidth + "px";
        layer.style.height = img.clientHeight + "px";
        const sx = img.clientWidth / w, sy = img.clientHeight / h;
        const boxes = boxesOf(marked);
        // Bring the boxes into view inside the image's own scrolling frame.
        if (boxes.length) figure.scrollTop = Math.max(0, boxes[0][1] * sy - figure.clientHeight / 2);
        for (const [x, y, bw, bh] of boxes) {
          const d = document.createElement("div");
          d.style.left = (x * sx) + "px"; d.style.top = (y * sy) + "px";
          d.style.width = (bw * sx) + "px"; d.style.height = (bh * sy) + "px";
          layer.appendChild(d);
        }
      }
      function markLine(index) {
        if (marked) marked.classList.remove("mark");
        marked = null;
        if (ocr && index !== undefined && index !== "") {
          marked = ocr.querySelector(`li[data-line="${index}"]`);
          if (marked) {
            marked.classList.add("mark");
            // Scroll the OCR text only, not the page: the candidates stay where they were clicked.
            const [x, y] = [window.scrollX, window.scrollY];
            marked.scrollIntoView({ block: "center" });
            window.scrollTo(x, y);
          }
        }
        draw();
      }
      window.addEventListener("resize", draw);
      if (img) img.addEventListener("load", draw);
      if (ocr) ocr.addEventListener("click", e => { const li = e.target.closest("li"); if (li) markLine(li.dataset.line); });

      const form = document.getElementById("picker");
      if (!form) return;
      const fields = [...form.querySelectorAll("fieldset.field")];
      let focus = 0;
      const radios = f => [...f.querySelectorAll("ol.candidates input[type=radio]")];
      function showChoice(f) {
        for (const li of f.querySelectorAll("ol.candidates li")) li.classList.toggle("active", !!li.querySelector("input:checked"));
        const checked = f.querySelector("ol.candidates input:checked");
        markLine(checked ? checked.dataset.line : undefined);
      }
      function focusField(i) {
        if (!fields.length) return;
        focus = (i + fields.length) % fields.length;
        fields.forEach((f, j) => f.classList.toggle("focused", j === focus));
        showChoice(fields[focus]);
      }
      fields.forEach((f, i) => {
        f.addEventListener("focusin", () => { if (focus !== i) focusField(i); });
        f.addEventListener("change", () => { focus = i; focusField(i); });
        const typed = f.querySelector("label.typed input[type=text]");
        if (typed) typed.addEventListener("input", () => { f.querySelector("label.typed input[type=radio]").checked = true; showChoice(f); });
        for (const r of radios(f)) r.addEventListener("mouseenter", () => markLine(r.dataset.line));
      });
      document.addEventListener("keydown", e => {
        const t = e.target;
        if (t && (t.tagName === "INPUT" && t.type === "text" || t.tagName === "SELECT")) {
          if (e.key === "Escape") t.blur();
          return;
        }
        if (e.ctrlKey || e.metaKey || e.altKey) return;
        const f = fields[focus];
        if (!f) return;
        const rs = radios(f);
        if (/^[1-9]$/.test(e.key)) {
          const r = rs[Number(e.key) - 1];
          if (r) { r.checked = true; showChoice(f); e.preventDefault(); }
        } else if (e.key === "ArrowRight" || e.key === "Tab" && !e.shiftKey) {
          focusField(focus + 1); e.preventDefault();
        } else if (e.key === "ArrowLeft" || e.key === "Tab" && e.shiftKey) {
          focusField(focus - 1); e.preventDefault();
        } else if (e.key === "ArrowDown" || e.key === "ArrowUp") {
          const i = rs.findIndex(r => r.checked);
          const next = rs[Math.max(0, Math.min(rs.length - 1, i + (e.key === "ArrowDown" ? 1 : -1)))];
          if (next) { next.checked = true; showChoice(f); }
          e.preventDefault();
        } else if (e.key === "e") {
          const typed = f.querySelector("label.typed input[type=text], select");
          if (typed) { typed.focus(); e.preventDefault(); }
        } else if (e.key === "s") {
          e.preventDefault(); form.requestSubmit();
        }
      });
      focusField(0);
    })();
    """#

    /// The upload queue: every photo goes into IndexedDB first and is sent from there, one at a
    /// time, by whichever tab holds the lock. An item leaves the queue only when the server has
    /// answered for it, so a photo taken offline is sent once the connection is back, and only once
    /// (the server also knows it by its SHA-256 and would answer "duplicate").
    static let upload = #"""
    "use strict";
    (() => {
      const csrf = document.querySelector('meta[name="csrf-token"]').content;
      const eventSelect = document.getElementById("upload-event");
      const table = document.querySelector("#queue tbody");
      const connection = document.getElementById("connection");

      function open() {
        return new Promise((resolve, reject) => {
          const req = indexedDB.open("rebut-uploads", 1);
          req.onupgradeneeded = () => req.result.createObjectStore("items", { keyPath: "id", autoIncrement: true });
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => reject(req.error);
        });
      }
      // Every use waits for the database: a photo picked while it is still opening is not lost.
      async function tx(mode, work) {
        const db = await dbReady;
        return new Promise((resolve, reject) => {
          const t = db.transaction("items", mode);
          const result = work(t.objectStore("items"));
          t.oncomplete = () => resolve(result && "result" in result ? result.result : undefined);
          t.onerror = () => reject(t.error);
        });
      }
      const all = () => tx("readonly", s => s.getAll());
      const put = item => tx("readwrite", s => s.put(item));

      async function render() {
        const items = await all();
        table.replaceChildren(...items.reverse().map(item => {
          const tr = document.createElement("tr");
          tr.dataset.state = item.state;
          const name = document.createElement("td"); name.textContent = item.name;
          const ev = document.createElement("td"); ev.textContent = item.eventName;
          const st = document.createElement("td"); st.className = "state-" + item.state;
          if (item.receiptId) {
            const a = document.createElement("a");
            a.href = "/receipts/" + item.receiptId;
            a.textContent = `${item.label} #${item.receiptId}`;
            st.appendChild(a);
          } else {
            st.textContent = item.label;
          }
          tr.append(name, ev, st);
          return tr;
        }));
        const waiting = items.filter(i => i.state === "queued").length;
        connection.textContent = (navigator.onLine ? "Online" : "Offline") + (waiting ? ` · ${waiting} waiting to be sent` : "");
      }

      async function enqueue(files) {
        const eventId = eventSelect.value;
        const eventName = eventSelect.options[eventSelect.selectedIndex]?.text || "";
        for (const file of files) {
          await put({ name: file.name || "photo.jpg", type: file.type || "application/octet-stream",
                      blob: file, eventId, eventName, state: "queued", label: "queued", added: Date.now() });
        }
        await render();
        send();
      }

      const labels = { filed: "filed", needs_review: "needs review", duplicate: "already filed", failed: "failed" };
      async function sendOne(item) {
        let response;
        try {
          response = await fetch(`/api/v1/events/${item.eventId}/uploads?name=${encodeURIComponent(item.name)}`, {
            method: "POST", body: item.blob, credentials: "same-origin",
            headers: { "Content-Type": item.type, "X-CSRF-Token": csrf },
          });
        } catch (e) {
          return false; // offline or the server is away: keep it queued
        }
        if (response.status === 401 || response.status === 403 && !navigator.onLine) return false;
        let body = {};
        try { body = await response.json(); } catch (e) {}
        const outcome = body.outcome || "failed";
        item.state = outcome === "duplicate" ? "filed" : outcome;
        item.label = outcome === "failed" ? "failed: " + (body.error ? (body.error.message || body.error) : response.status) : labels[outcome];
        item.receiptId = body.receipt ? body.receipt.id : undefined;
        item.blob = null;
        await put(item);
        return true;
      }

      async function drain() {
        for (;;) {
          const next = (await all()).find(i => i.state === "queued");
          if (!next) return;
          next.state = "sending"; next.label = "sending…";
          await put(next); await render();
          const sent = await sendOne(next);
          if (!sent) { next.state = "queued"; next.label = "queued"; await put(next); await render(); return; }
          await render();
        }
      }
      function send() {
        if (navigator.locks) navigator.locks.request("rebut-upload", { ifAvailable: true }, lock => lock ? drain() : null);
        else drain();
      }

      document.getElementById("camera-input").addEventListener("change", e => { enqueue([...e.target.files]); e.target.value = ""; });
      document.getElementById("file-input").addEventListener("change", e => { enqueue([...e.target.files]); e.target.value = ""; });
      const zone = document.getElementById("drop-zone");
      zone.addEventListener("dragover", e => { e.preventDefault(); zone.classList.add("over"); });
      zone.addEventListener("dragleave", () => zone.classList.remove("over"));
      zone.addEventListener("drop", e => { e.preventDefault(); zone.classList.remove("over"); enqueue([...e.dataTransfer.files]); });
      window.addEventListener("online", () => { render(); send(); });
      window.addEventListener("offline", render);

      const dbReady = open();
      dbReady.then(async () => {
        // A send cut off by a closed tab is sent again: the server answers "already filed" if it got it.
        for (const item of await all()) if (item.state === "sending") { item.state = "queued"; item.label = "queued"; await put(item); }
        await render();
        send();
        setInterval(() => { render(); send(); }, 4000);
      });
    })();
    """#

    /// Keeps the upload page and its scripts for offline use: network first, the cache when the
    /// network fails. Uploads are never cached: the page queues them in IndexedDB.
    static let serviceWorker = #"""
    "use strict";
    const CACHE = "rebut-shell-v1";
    const SHELL = ["/upload", "/static/app.css", "/static/app.js", "/static/upload.js", "/static/manifest.json"];
    self.addEventListener("install", e => { e.waitUntil(caches.open(CACHE).then(c => c.addAll(SHELL)).then(() => self.skipWaiting())); });
    self.addEventListener("activate", e => { e.waitUntil(self.clients.claim()); });
    self.addEventListener("fetch", e => {
      const url = new URL(e.request.url);
      if (e.request.method !== "GET" || url.origin !== location.origin || !SHELL.includes(url.pathname)) return;
      e.respondWith(fetch(e.request).then(response => {
        // A redirect (to /login, once the session has ended) is not the page: keep the cached one.
        if (response.ok && !response.redirected) { const copy = response.clone(); caches.open(CACHE).then(c => c.put(url.pathname, copy)); }
        return response;
      }).catch(() => caches.match(url.pathname)));
    });
    """#

    static let manifest = #"""
    {"name": "Rebut", "short_name": "Rebut", "start_url": "/upload", "display": "standalone",
     "background_color": "#f7f8fa", "theme_color": "#2f6fed", "icons": []}
    """#
}
