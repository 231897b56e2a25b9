"""report.html in headless Chromium at a given width: where the winner's figures land.

The page gets a probe script appended (its Content-Security-Policy allows inline scripts) that
writes, into the dumped DOM, the page's scroll width and the right edge of the winner row's
counts, flash and RAM cells; viewport_problems() turns them into sentences, empty when the
figures are on screen and nothing scrolls sideways.
"""
import json
import pathlib
import re
import subprocess

CHROMIUM = ["/usr/bin/chromium", "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync"]

PROBE = """<script>
(function () {
  var heads = document.querySelectorAll('#variants thead th'), win = document.querySelector('#variants tr.win');
  var out = {width: window.innerWidth, scroll: document.documentElement.scrollWidth, cells: {}};
  var wrap = document.querySelector('#variants').parentElement;
  out.table_scroll = wrap.scrollWidth - wrap.clientWidth;
  for (var i = 0; i < heads.length; i++) {
    var col = heads[i].getAttribute('data-col');
    if (win && ['counts_median', 'flash_total', 'ram_total'].indexOf(col) >= 0)
      out.cells[col] = win.cells[i].getBoundingClientRect().right;
  }
  var p = document.createElement('pre'); p.id = 'viewport-probe'; p.textContent = JSON.stringify(out);
  document.body.appendChild(p);
})();
</script>"""


def measure(report: pathlib.Path, work: pathlib.Path, width: int = 1280) -> dict:
    probe = work / f"probe-{report.parent.name}.html"
    probe.write_text(report.read_text().replace("</body>", PROBE + "\n</body>"))
    p = subprocess.run(CHROMIUM + [f"--user-data-dir={work / 'profile-probe'}", f"--window-size={width},900",
                                   "--dump-dom", probe.as_uri()], capture_output=True, text=True, timeout=90)
    m = re.search(r'<pre id="viewport-probe">(.*?)</pre>', p.stdout)
    if not m:
        raise RuntimeError(f"chromium gave no probe result (rc {p.returncode}): {p.stderr[-2000:]}")
    return json.loads(m.group(1).replace("&quot;", '"'))


def viewport_problems(report: pathlib.Path, work: pathlib.Path, width: int = 1280) -> list:
    m = measure(report, work, width)
    problems = []
    if m["scroll"] > m["width"]:
        problems.append(f"the page scrolls sideways: {m['scroll']} px wide in a {m['width']} px window")
    if m["table_scroll"] > 0:
        problems.append(f"the variants table scrolls sideways by {m['table_scroll']} px")
    if len(m["cells"]) != 3:
        problems.append(f"the winner's counts, flash and RAM cells were not all found: {m['cells']}")
    problems += [f"the winner's {col} ends at {right:.0f} px, outside the {m['width']} px window"
                 for col, right in m["cells"].items() if right > m["width"]]
    return problems
