#!/usr/bin/env python3
"""The HTML deliverable in a real browser: Debian's headless Chromium driven over WebDriver.

For the bundled example, a design with hostile names, a generated 16,384-GPU design and a
4,608-GPU GB300 NVL72 design it checks, at 1366x768 and 1920x1080: the page loads with no
console error and no script of the design's text runs; labels on the floorplan never overlap
and stay inside it; a real pointer click on a rack shows its front and rear elevations; the
wheel zooms in and racks then show their names and kW; every tab opens on its table.
Screenshots go to the output folder.

usage: html-deliverable-chromium.py CLI EXAMPLE OUTDIR
"""
import base64
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

CHROMIUM = os.environ.get("CDS_CHROMIUM", "/usr/bin/chromium")
DRIVER = os.environ.get("CDS_CHROMEDRIVER", "/usr/bin/chromedriver")
SIZES = [(1366, 768), (1920, 1080)]
HOSTILE_TITLE = "</script><script>window.__pwned=1</script><b>R&D \"quote\" <!--"


class Failure(Exception):
    pass


def check(cond, what):
    if not cond:
        raise Failure(what)


class Browser:
    def __init__(self, profile):
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        self.port = sock.getsockname()[1]
        sock.close()
        self.proc = subprocess.Popen([DRIVER, "--port=%d" % self.port],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(100):
            try:
                if self.call("GET", "/status")["value"]["ready"]:
                    break
            except OSError:
                pass
            time.sleep(0.1)
        caps = {"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:loggingPrefs": {"browser": "ALL"},
            "goog:chromeOptions": {"binary": CHROMIUM, "args": [
                "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--hide-scrollbars", "--force-device-scale-factor=1",
                "--user-data-dir=" + profile, "--window-size=1920,1080"]}}}}
        self.session = self.call("POST", "/session", caps)["value"]["sessionId"]

    def call(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request("http://127.0.0.1:%d%s" % (self.port, path), data=data,
                                     method=method, headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=120) as r:
                return json.loads(r.read())
        except urllib.error.HTTPError as e:
            raise Failure("WebDriver %s %s: %s" % (method, path, e.read()[:400]))

    def s(self, method, path, body=None):
        return self.call(method, "/session/%s%s" % (self.session, path), body)["value"]

    def js(self, script, *args):
        return self.s("POST", "/execute/sync", {"script": script, "args": list(args)})

    def settle(self):
        """Waits two animation frames: the page lays its labels out on the next frame after a
        load, a zoom or a resize, so a busy machine may not have drawn them yet."""
        self.s("POST", "/execute/async", {"script":
               "const done = arguments[arguments.length - 1];"
               " requestAnimationFrame(() => requestAnimationFrame(() => done(true)));",
               "args": []})

    def size(self, w, h):
        self.s("POST", "/goog/cdp/execute", {"cmd": "Emulation.setDeviceMetricsOverride",
               "params": {"width": w, "height": h, "deviceScaleFactor": 1, "mobile": False}})

    def console_errors(self):
        logs = self.s("POST", "/se/log", {"type": "browser"})
        return [e["message"] for e in logs if e["level"] == "SEVERE"]

    def pointer(self, actions):
        self.s("POST", "/actions", {"actions": [actions]})
        self.s("DELETE", "/actions")

    def click_at(self, x, y):
        self.pointer({"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
                      "actions": [{"type": "pointerMove", "duration": 0, "x": int(x), "y": int(y),
                                   "origin": "viewport"},
                                  {"type": "pointerDown", "button": 0},
                                  {"type": "pointerUp", "button": 0}]})

    def wheel(self, x, y, dy):
        self.pointer({"type": "wheel", "id": "wheel", "actions": [
            {"type": "scroll", "x": int(x), "y": int(y), "deltaX": 0, "deltaY": int(dy),
             "duration": 0, "origin": "viewport"}]})

    def screenshot(self, path):
        with open(path, "wb") as f:
            f.write(base64.b64decode(self.s("GET", "/screenshot")))

    def close(self):
        try:
            self.call("DELETE", "/session/%s" % self.session)
        finally:
            self.proc.terminate()
            self.proc.wait(10)


LABELS = """
const plan = document.getElementById('plan').getBoundingClientRect();
const boxes = [...document.querySelectorAll('#labels .label')].map(e => {
  const r = e.getBoundingClientRect();
  return {text: e.textContent, cls: e.getAttribute('class'), x: r.x, y: r.y, w: r.width, h: r.height};
});
return {plan: {x: plan.x, y: plan.y, w: plan.width, h: plan.height}, boxes};
"""


def check_labels(b, where):
    got = b.js(LABELS)
    p, boxes = got["plan"], got["boxes"]
    for i, a in enumerate(boxes):
        check(a["x"] >= p["x"] - 0.5 and a["y"] >= p["y"] - 0.5 and
              a["x"] + a["w"] <= p["x"] + p["w"] + 0.5 and a["y"] + a["h"] <= p["y"] + p["h"] + 0.5,
              "%s: label %r leaves the floorplan" % (where, a["text"]))
        for c in boxes[i + 1:]:
            ox = min(a["x"] + a["w"], c["x"] + c["w"]) - max(a["x"], c["x"])
            oy = min(a["y"] + a["h"], c["y"] + c["h"]) - max(a["y"], c["y"])
            # Lines of one rack's label share its box edge-to-edge; anything more is overlap.
            check(ox <= 1 or oy <= 1.5, "%s: labels %r and %r overlap (%.1f x %.1f px)"
                  % (where, a["text"], c["text"], ox, oy))
    return boxes


def rack_centre(b, name):
    r = b.js("const e = document.querySelector('#world .rack[data-name=\"' + arguments[0] + '\"]');"
             "const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2];",
             name)
    return r


def run_design(b, html, out, tag, expect):
    for (w, h) in SIZES:
        where = "%s at %dx%d" % (tag, w, h)
        b.size(w, h)
        b.s("POST", "/url", {"url": "file://" + html})
        errors = b.console_errors()
        check(not errors, "%s: console errors: %s" % (where, errors[:3]))
        check(b.js("return typeof window.cdsDeliverable === 'object'"), where + ": the page's script did not run")
        check(b.js("return window.__pwned === undefined"), where + ": a name ran as script")
        design = b.js("return {title: document.getElementById('title').textContent,"
                      " racks: window.cdsDeliverable.design.racks.map(r => [r.name, r.role,"
                      " r.devices.filter(d => !d.zero_u && d.u > 0).length])}")
        check(design["title"] == expect["title"], "%s: title reads %r" % (where, design["title"]))
        b.settle()
        boxes = check_labels(b, where + ", fit")
        rows = [x for x in boxes if "row-label" in x["cls"]]
        racks = [x for x in boxes if "rack-label" in x["cls"]]
        check(len(rows) >= min(expect["rows"], 1), "%s: no row is named at fit zoom" % where)
        if expect.get("rack_names_at_fit"):
            check(len(racks) >= 1, "%s: no rack is named at fit zoom" % where)
        b.screenshot(os.path.join(out, "%s-%dx%d.png" % (tag, w, h)))

        # A real click on a rack with devices shows its two elevations.
        name, _, mounted = next(r for r in design["racks"] if r[2] > 0 and r[1] == "compute")
        x, y = rack_centre(b, name)
        b.click_at(x, y)
        shown = b.js("return {title: document.getElementById('rack-title').textContent,"
                     " hidden: document.getElementById('elevations').hidden,"
                     " front: document.querySelectorAll('#elev-front g.device').length,"
                     " rear: document.querySelectorAll('#elev-rear g.device').length}")
        check(shown["title"] == name, "%s: clicking %s selected %r" % (where, name, shown["title"]))
        check(not shown["hidden"] and shown["front"] == mounted and shown["rear"] == mounted,
              "%s: elevations of %s show %s front / %s rear devices, not %d"
              % (where, name, shown["front"], shown["rear"], mounted))

        # The wheel zooms in on that rack until racks carry their names and kW.
        before = b.js("return window.cdsDeliverable.view().scale")
        for _ in range(12):
            x, y = rack_centre(b, name)
            b.wheel(x, y, -400)
            b.settle()
            if b.js("return [...document.querySelectorAll('#labels .rack-label.detail')].length") > 0:
                break
        after = b.js("return window.cdsDeliverable.view().scale")
        check(after > before, "%s: the wheel did not zoom in (%s -> %s)" % (where, before, after))
        b.settle()
        boxes = check_labels(b, where + ", zoomed")
        texts = [x["text"] for x in boxes]
        check(name in texts, "%s: zoomed in, %s has no name" % (where, name))
        check(any(t.endswith(" kW") for t in texts), "%s: zoomed in, no rack shows its kW" % where)
        b.screenshot(os.path.join(out, "%s-%dx%d-zoomed.png" % (tag, w, h)))

        # Every tab opens on what it promises.
        for tab in b.js("return [...document.querySelectorAll('#tabs button')].map(e => e.id)"):
            el = b.s("POST", "/element", {"using": "css selector", "value": "#" + tab})
            b.s("POST", "/element/%s/click" % list(el.values())[0], {})
            section = tab[len("tab-"):]
            state = b.js("const s = document.getElementById(arguments[0]);"
                         "return {hidden: s.hidden, tables: s.querySelectorAll('table').length,"
                         " svg: s.querySelectorAll('svg').length}", section)
            check(not state["hidden"], "%s: tab %s did not open" % (where, section))
            if section != "floorplan":
                check(state["tables"] + state["svg"] >= 1 or section == "findings",
                      "%s: tab %s shows nothing" % (where, section))
            if section in ("bom", "power") and w == 1366:
                b.screenshot(os.path.join(out, "%s-%s-%dx%d.png" % (tag, section, w, h)))
        errors = b.console_errors()
        check(not errors, "%s: console errors after use: %s" % (where, errors[:3]))


def export(cli, design, html):
    r = subprocess.run([cli, "export", design, "--format", "html", "-o", html],
                       capture_output=True, text=True)
    check(r.returncode == 0, "export --format html %s failed: %s" % (design, r.stderr))


def generated(cli, out, tag, args):
    design = os.path.join(out, tag + ".cds.json")
    r = subprocess.run([cli, "generate"] + args + ["-o", design], capture_output=True, text=True)
    check(r.returncode == 0, "generate %s failed: %s" % (" ".join(args), r.stderr))
    html = os.path.join(out, tag + ".html")
    export(cli, design, html)
    with open(design) as f:
        doc = json.load(f)
    return (tag, html, {"title": doc["meta"]["title"], "rows": len(doc["hall"]["rows"])})


def main():
    cli, example, out = sys.argv[1:4]
    for prog in (CHROMIUM, DRIVER):
        if not os.access(prog, os.X_OK):
            print("FAIL: %s is missing: install Debian's chromium and chromium-driver (./dev does)"
                  % prog)
            return 1
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    cases = []
    # The bundled example, as shipped.
    html = os.path.join(out, "example.html")
    export(cli, example, html)
    with open(example) as f:
        doc = json.load(f)
    # A small hall names its racks at fit zoom (the bundled example's two racks).
    cases.append(("example", html, {"title": doc["meta"]["title"], "rows": len(doc["hall"]["rows"]),
                                    "rack_names_at_fit": len(doc["racks"]) <= 20}))
    # The same design with names that look like markup.
    doc["meta"]["title"] = HOSTILE_TITLE
    hostile = os.path.join(out, "hostile.cds.json")
    with open(hostile, "w") as f:
        json.dump(doc, f, indent=2)
    html = os.path.join(out, "hostile.html")
    export(cli, hostile, html)
    with open(html, encoding="utf-8") as f:
        page = f.read()
    check(page.count("</script>") == 2, "hostile.html: a name closes a script element")
    cases.append(("hostile", html, {"title": HOSTILE_TITLE, "rows": len(doc["hall"]["rows"])}))
    # A generated 16,384-GPU design in four phases, and a rack-scale one: 4,608 GPUs of
    # GB300 NVL72 (18 compute trays and 9 switch trays a rack).
    cases.append(generated(cli, out, "g16k", ["--gpus", "16384", "--phases", "4",
                                              "--phase-start", "2027-03-01"]))
    cases.append(generated(cli, out, "gb300", ["--gpus", "4608", "--server", "nvidia-gb300-nvl72"]))

    with tempfile.TemporaryDirectory() as profile:
        b = Browser(profile)
        try:
            for tag, html, expect in cases:
                run_design(b, html, out, tag, expect)
                print("ok: %s (%d KiB)" % (tag, os.path.getsize(html) // 1024))
        finally:
            b.close()
    print("screenshots in", out)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except Failure as e:
        print("FAIL:", e)
        sys.exit(1)
