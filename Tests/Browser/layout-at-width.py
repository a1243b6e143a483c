#!/usr/bin/env python3
"""Whether a FleetAudit HTML page fits a window of the given width in headless Chromium: no horizontal page
overflow, and no table whose right edge passes its container's (a clipped share column). Exits 1 and names each
table that does not fit.

The report itself runs no script (its Content-Security-Policy forbids it), so this measures a copy: the policy
removed and a probe added that writes what it found into the title, which --dump-dom shows. The copy is deleted.

usage: layout-at-width.py CHROMIUM PAGE.html WIDTH
"""
import os
import re
import subprocess
import sys
import tempfile

browser, page, width = sys.argv[1], sys.argv[2], int(sys.argv[3])
html = open(page, encoding="utf-8").read()
html = re.sub(r'<meta http-equiv="Content-Security-Policy"[^>]*>', "", html)
probe = """<script>
window.addEventListener('load', () => {
  const out = [];
  const vw = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > vw + 1) out.push('the page is ' + document.documentElement.scrollWidth + ' px wide');
  document.querySelectorAll('table').forEach((t, i) => {
    const limit = Math.min(t.parentElement.getBoundingClientRect().right, vw);
    const right = t.getBoundingClientRect().right;
    if (right > limit + 1) {
      const section = t.closest('section');
      out.push('table ' + i + (section && section.id ? ' in #' + section.id : '') + ' ends at ' + Math.round(right) + ' px, past ' + Math.round(limit));
    }
  });
  document.title = 'LAYOUT:' + (out.length ? out.join('; ') : 'fits');
});
</script>"""
html = html.replace("</body>", probe + "</body>")
fd, copy = tempfile.mkstemp(suffix=".html")
try:
    os.write(fd, html.encode("utf-8"))
    os.close(fd)
    dom = subprocess.run(
        [browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--hide-scrollbars",
         "--host-resolver-rules=MAP * ~NOTFOUND", f"--window-size={width},1000", "--dump-dom", "file://" + copy],
        capture_output=True, text=True, timeout=60).stdout
finally:
    os.unlink(copy)
found = re.search(r"<title>LAYOUT:(.*?)</title>", dom, re.S)
name = os.path.basename(page)
if not found:
    print(f"layout: {name} at {width} px: the probe did not run", file=sys.stderr)
    sys.exit(1)
if found.group(1) != "fits":
    print(f"layout: {name} at {width} px: {found.group(1).replace('&gt;', '>')}", file=sys.stderr)
    sys.exit(1)
print(f"layout: {name} fits {width} px")
