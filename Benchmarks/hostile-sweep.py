#!/usr/bin/env python3
"""One sweep of issues 39's and 68's hostile inputs against the release binary, each timed and weighed.

Every probe is a command line on a hostile input (a gzip bomb and other misbehaving servers on 127.0.0.1,
counts past 64 bits, control characters, outputs naming inputs, duplicate columns, credentials in URLs, 100,000
JSON keys, a full disk, times that do not exist, odd timeouts, a FIFO, deep nesting, huge fields, a billion
laughs, …). For each it prints the exit code, the wall time and the peak RSS (GNU time), and the sweep fails
when any probe crashes (a signal), exits other than expected, takes more than 3 s or uses more than 300 MB —
the issue's bar. A measure, not a test (timings belong here, not in `swift test`); not run by CI.

  python3 Benchmarks/hostile-sweep.py              # builds the release binary, runs every probe
  python3 Benchmarks/hostile-sweep.py --bin PATH   # another binary
"""
import gzip, http.server, os, shutil, socket, subprocess, sys, tempfile, threading, time

repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MAX_SECONDS, MAX_MB = 3.0, 300

if "--bin" in sys.argv:
    binary = os.path.abspath(sys.argv[sys.argv.index("--bin") + 1])
else:
    subprocess.run(["swift", "build", "-c", "release", "--product", "fleet-audit"], cwd=repo, check=True,
                   stdout=sys.stderr)
    path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=repo, check=True,
                          capture_output=True, text=True).stdout.strip()
    binary = os.path.join(path, "fleet-audit")

work = tempfile.mkdtemp(prefix="fleet-audit-hostile-")
sample = os.path.join(repo, "SampleData")
inventory = os.path.join(sample, "inventory.csv")
ios_config = os.path.join(sample, "configs", "nhs", "availability-ios.json")
appcast = os.path.join(sample, "configs", "sparkle", "appcast.xml")


def write(name, data):
    path = os.path.join(work, name)
    with open(path, "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())
    return path


# --- servers on 127.0.0.1 -------------------------------------------------------------------------------------
bomb = gzip.compress(b" " * (1 << 30), compresslevel=9)  # 1 GiB of spaces: about 1 MB on the wire
ios_body = open(ios_config, "rb").read()


class Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def do_GET(self):
        p = self.path.split("?")[0]
        if p == "/bomb.json":
            self.send_response(200)
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(bomb)))
            self.end_headers()
            self.wfile.write(bomb)
        elif p == "/huge.json":  # declares 2 GB, sends nothing more
            self.send_response(200)
            self.send_header("Content-Length", str(2 << 30))
            self.end_headers()
            self.wfile.write(b"{")
            time.sleep(5)
        elif p == "/silent.json":  # accepts, never answers
            time.sleep(10)
        elif p == "/trickle.json":  # a byte a second
            self.send_response(200)
            self.end_headers()
            try:
                for _ in range(10):
                    self.wfile.write(b" ")
                    self.wfile.flush()
                    time.sleep(1)
            except OSError:
                pass  # the client gave up, as it should
        elif p == "/loop.json":
            self.send_response(302)
            self.send_header("Location", "/loop.json")
            self.end_headers()
        elif p == "/metadata.json":
            self.send_response(302)
            self.send_header("Location", "http://169.254.169.254/latest/meta-data/")
            self.end_headers()
        elif p.startswith("/metadata-"):  # issue 68: the spellings a string comparison let through
            target = {"/metadata-v4mapped.json": "http://[::ffff:169.254.169.254]/latest/",
                      "/metadata-hex.json": "http://[::ffff:a9fe:a9fe]/latest/",
                      "/metadata-dot.json": "http://metadata.google.internal./computeMetadata/v1/",
                      "/metadata-febf.json": "http://[febf::1]/"}[p]
            self.send_response(302)
            self.send_header("Location", target)
            self.end_headers()
        elif p == "/chunked-gzip.json":  # issue 68: a transfer-coded answer is refused as a compressed one
            self.send_response(200)
            self.send_header("Transfer-Encoding", "gzip, chunked")
            self.end_headers()
            body = gzip.compress(ios_body)
            self.wfile.write(b"%x\r\n%s\r\n0\r\n\r\n" % (len(body), body))
        else:  # /availability-ios.json, with or without credentials and a query
            self.send_response(200)
            self.send_header("Content-Length", str(len(ios_body)))
            self.end_headers()
            self.wfile.write(ios_body)


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
threading.Thread(target=server.serve_forever, daemon=True).start()
base = "http://127.0.0.1:%d" % server.server_address[1]

# --- inputs ----------------------------------------------------------------------------------------------------
counted_header = "platform,os_version,app_version,count\n"
overflow_rows = write("overflow.csv", counted_header + "".join(
    "ios,14.%d,1.0,999999999999999999\n" % i for i in range(10)))
overflow_one = write("overflow-one.csv", counted_header + "ios,14.0,1.0,999999999999999999\n" * 10)
past_64 = write("past64.csv", counted_header + "ios,14.0,1.0,99999999999999999999999\n")
api_past_32 = write("api-past-32.csv", "platform,os_version,os_api_level,app_version,app_build\n"
                    "android,14,2147483647,1.0,5\nandroid,14,34,1.0,5\n")
escape_config = write("esc\x1b[2J\x07name.json", open(ios_config).read().replace(
    '"iOS"', '"iOS\\u001b]8;;http://evil\\u0007\\n::error file=x::owned"', 1))
twice = write("twice.csv", "platform,os_version,app_version,OS Version\nios,16.4,4.29,15.0\n")
keys_100k = write("keys.json", "{" + ",".join('"k%d": %d' % (i, i) for i in range(100_000)) + "}")
requirement_keys = write("requirements.json", '{"ios": [{"required_version": "1.0", "requirements": {' + ",".join(
    '"r%d": "x"' % i for i in range(200_000)) + '}}]}')
deep = write("deep.json", "[" * 100_000 + "]" * 100_000)
# Documents only a client's lenient parser reads (org.json, kotlinx, Moshi's strings): nesting, size, a comment left open.
org_deep = write("org-deep.json", "{android2: " + "[" * 100_000 + "]" * 100_000 + "}")
org_big = write("org-big.json", "{android2: [\n" + ",\n".join(
    "{'requirements': {'model': 'M%d'}, required_version: %d /* e */}" % (i, i % 500) for i in range(60_000)) + "\n]}")
org_comment = write("org-comment.json", "{android2: [] /* " + "x" * (5 << 20))
osam_skip = write("osam-skip.json", '{"data": {"id": 1 "appId": 2, "packageName": "p", "versionCode": 352, '
    '"versionName": "1", "platform": "ANDROID", "comparisonMode": "FORCE", "serverDate": 3000, "title": '
    '{"es": "a", "en": "a", "ca": "a"}, "message": {"es": "a", "en": "a", "ca": "a"}, "ok": {"es": "a", "en": "a", '
    '"ca": "a"}, "cancel": {"es": "a", "en": "a", "ca": "a"}, "url": "u", "checkBoxDontShowAgain": TRUE, '
    '"dialogDisplayDuration": 3600, "extra": ' + "[{:" * 300_000 + "}]" * 300_000 + '}}')
big_field = write("big-field.csv", "platform,os_version,app_version,model\nios,16.4,4.29," + "x" * (40 << 20) + "\n")
wide = write("wide.csv", ",".join("c%d" % i for i in range(1_000_000)) + "\n")
unclosed = write("unclosed.csv", "platform,os_version,app_version\nios,16.4,\"" + "y" * (80 << 20) + "\n")
laughs = write("laughs.xml", """<?xml version="1.0"?>
<!DOCTYPE rss [<!ENTITY a "aaaaaaaaaa">""" + "".join(
    '<!ENTITY %s "%s">' % (chr(98 + i), ("&%s;" % chr(97 + i)) * 10) for i in range(9)) + """]>
<rss xmlns:sparkle="http://www.andymatuschak.org/xml-namespaces/sparkle" version="2.0"><channel><title>&j;</title>
</channel></rss>""")
phased = write("phased.xml", open(appcast).read().replace(
    "<sparkle:version>", "<sparkle:phasedRolloutInterval>9223372036854775807</sparkle:phasedRolloutInterval><sparkle:version>", 1))
non_utf8 = os.path.join(work.encode(), b"config-\xff.json")
shutil.copy(ios_config.encode(), non_utf8)
fifo = os.path.join(work, "fifo.json")
os.mkfifo(fifo)
copy = write("inventory-copy.csv", open(inventory).read())

# Round 2 (issue 68).
semicolon_brace = write("semicolon-brace.json", '{"android2": [{"required_version": 1};{' + "1" * 1000 + "]}")
import sqlite3
endless_rows = os.path.join(work, "endless-rows.sqlite")
endless_none = os.path.join(work, "endless-none.sqlite")
huge_value = os.path.join(work, "huge-value.sqlite")
for path, view in [
    (endless_rows, "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) "
                   "SELECT 'ios' AS platform, '17' AS os_version, '1.' || (i % 7) AS app_version FROM n"),
    (endless_none, "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) "
                   "SELECT 'ios' AS platform, '17' AS os_version, max(i) AS app_version FROM n"),
    (huge_value, "SELECT 'ios' AS platform, '17' AS os_version, zeroblob(72000000) || '' AS app_version"),
]:
    db = sqlite3.connect(path)
    db.execute("CREATE VIEW devices AS " + view)
    db.commit()
    db.close()
big_config = os.path.join(work, "big.json")
with open(big_config, "wb") as f:
    f.truncate(500 << 20)  # sparse: 500 MB that occupy nothing
empty_items = write("empty-items.xml", '<rss version="2.0" xmlns:sparkle="http://www.andymatuschak.org/xml-namespaces/'
                    'sparkle"><channel>' + "<item/>" * 1_000_000 + "</channel></rss>")
templates = os.path.join(work, "templates")
shutil.copytree(os.path.join(repo, "Templates"), templates)
history = os.path.join(work, "history.sqlite")

audit = [binary, "audit", "--inventory", inventory, "--quiet"]
out = os.path.join(work, "out")

# (name, argv, the exit codes that are right)
probes = [
    ("1 gzip bomb (1 GiB inflated)", audit + ["--config", base + "/bomb.json"], {65}),
    ("2 ten counts of 10^18 (ten profiles)", [binary, "audit", "--inventory", overflow_rows, "--config", ios_config, "--quiet"], {65}),
    ("2 ten counts of 10^18 (one profile)", [binary, "audit", "--inventory", overflow_one, "--config", ios_config, "--quiet"], {65}),
    ("2 whatif on the same counts", [binary, "whatif", "--inventory", overflow_rows, "--platform", "ios", "--sweep-app"], {65}),
    ("2 plan on the same counts", [binary, "plan", "--inventory", overflow_rows, "--published", ios_config, "--draft", ios_config], {65}),
    ("13 a count past 64 bits", [binary, "audit", "--inventory", past_64, "--config", ios_config, "--quiet"], {1, 65}),
    ("an os_api_level past 32 bits (a rejected row)", [binary, "audit", "--inventory", api_past_32, "--config", ios_config, "--quiet"], {0}),
    ("3 control characters in a name and a value", [binary, "validate", escape_config], {0, 1}),
    ("4 --json naming the inventory", [binary, "audit", "--inventory", copy, "--config", ios_config, "--json", copy], {64}),
    ("5 a column given twice", [binary, "audit", "--inventory", twice, "--config", ios_config, "--quiet"], {65}),
    ("6 credentials and a token in a config URL", [binary, "audit", "--inventory", inventory, "--quiet", "--config",
      "http://user:secret@127.0.0.1:%d/availability-ios.json?token=hunter2" % server.server_address[1], "--json",
      os.path.join(work, "secret.json")], {0}),
    ("7 100,000 keys in one object", [binary, "validate", keys_100k], {0, 1, 65}),
    ("7 200,000 requirement keys", [binary, "validate", requirement_keys], {0, 1, 65}),
    ("8 a full disk (/dev/full)", audit + ["--config", ios_config, "--json", "/dev/full"], {74}),
    ("9 --as-of T25:00", audit + ["--config", ios_config, "--as-of", "2026-11-22T25:00:00Z"], {64}),
    ("9 --as-of 2026-02-30", audit + ["--config", ios_config, "--as-of", "2026-02-30"], {64}),
    ("10 --timeout nan", audit + ["--config", ios_config, "--timeout", "nan"], {64}),
    ("10 --timeout 1e300", audit + ["--config", ios_config, "--timeout", "1e300"], {64}),
    ("10 --timeout 0", audit + ["--config", ios_config, "--timeout", "0"], {64}),
    # Foundation opens files by String path: the choice made loud is an error saying to rename it (validate: 1).
    ("11 a config whose name is not UTF-8", [binary.encode(), b"validate", non_utf8], {1}),
    ("12 a declared 2 GB Content-Length", audit + ["--config", base + "/huge.json"], {65}),
    ("13 a FIFO as a config", audit + ["--config", fifo], {65}),
    ("13 /dev/zero as a config", audit + ["--config", "/dev/zero"], {65}),
    ("a silent server (--timeout 2)", audit + ["--config", base + "/silent.json", "--timeout", "2"], {75}),
    ("a trickling server (--timeout 2)", audit + ["--config", base + "/trickle.json", "--timeout", "2"], {75}),
    ("a redirect loop", audit + ["--config", base + "/loop.json"], {65}),
    ("a redirect to cloud metadata", audit + ["--config", base + "/metadata.json"], {65}),
    ("100,000 nested arrays", [binary, "validate", deep], {1, 65}),
    ("org.json: 100,000 nested arrays", [binary, "validate", org_deep], {1, 65}),
    ("org.json: 60,000 entries, 4 MB, comments", [binary, "validate", org_big], {0}),
    ("org.json: a comment left open over 5 MB", [binary, "validate", org_comment], {1, 65}),
    ("kotlinx: 600,000 brackets in a skipped value", [binary, "validate", osam_skip], {0}),
    ("a 40 MB field", [binary, "audit", "--inventory", big_field, "--config", ios_config, "--quiet"], {0}),
    ("1,000,000 columns, header only", [binary, "audit", "--inventory", wide, "--config", ios_config, "--quiet"], {65}),
    ("an unclosed quote over 80 MB", [binary, "audit", "--inventory", unclosed, "--config", ios_config, "--quiet"], {65}),
    ("a billion laughs appcast", [binary, "validate", laughs], {1, 65}),
    ("plan: phasedRolloutInterval Int.max", [binary, "plan", "--inventory", inventory, "--published", appcast,
      "--draft", phased, "--json", os.path.join(work, "plan.json")], {0, 1, 65}),
    ("68 ';{' in a JSON array (once a hang)", [binary, "validate", semicolon_brace], {0, 1, 65}),
    ("68 a view yielding rows forever", [binary, "audit", "--inventory", endless_rows, "--config", ios_config, "--quiet"], {65}),
    ("68 a view that never yields a row", [binary, "audit", "--inventory", endless_none, "--config", ios_config, "--quiet"], {65}),
    ("68 a view making one 72 MB value", [binary, "audit", "--inventory", huge_value, "--config", ios_config, "--quiet"], {65}),
    ("68 a 500 MB local config", audit + ["--config", big_config], {65}),
    ("68 1,000,000 empty appcast items", [binary, "validate", empty_items], {1, 65}),
    ("68 ulimit -n 5", ["/bin/sh", "-c", 'ulimit -n 5 && exec "$0" "$@"', binary, "audit", "--inventory", inventory,
      "--config", ios_config, "--quiet"], {71}),
    ("68 ulimit -Sn 5 (raised)", ["/bin/sh", "-c", 'ulimit -Sn 5 && exec "$0" "$@"', binary, "audit", "--inventory",
      inventory, "--config", ios_config, "--quiet"], {0}),
    ("68 --json /dev/stdout > file", ["/bin/sh", "-c", '"$0" "$@" > ' + os.path.join(work, "stdout.json") + ' && test -s '
      + os.path.join(work, "stdout.json"), binary, "audit", "--inventory", inventory, "--config", ios_config, "--quiet",
      "--json", "/dev/stdout"], {0}),
    ("68 --html over a --templates file", audit + ["--config", ios_config, "--templates", templates, "--html",
      os.path.join(templates, "report.html.mustache")], {64}),
    ("68 --json F --xml F", audit + ["--config", ios_config, "--json", os.path.join(work, "same"), "--xml",
      os.path.join(work, "same")], {64}),
    ("68 a FIFO as a report path", audit + ["--config", ios_config, "--json", fifo], {64, 74}),
    ("68 a change gate with no baseline", audit + ["--config", ios_config, "--history", history, "--fail-on",
      "forced+>100"], {1}),
    ("68 --as-of 9999-12-31T23:59:59-14:00", audit + ["--config", ios_config, "--as-of", "9999-12-31T23:59:59-14:00"], {64}),
    ("68 --fail-on forced>100.0001%", audit + ["--config", ios_config, "--fail-on", "forced>100.0001%"], {64}),
    ("68 redirect to [::ffff:169.254.169.254]", audit + ["--config", base + "/metadata-v4mapped.json"], {65}),
    ("68 redirect to [::ffff:a9fe:a9fe]", audit + ["--config", base + "/metadata-hex.json"], {65}),
    ("68 redirect to metadata.google.internal.", audit + ["--config", base + "/metadata-dot.json"], {65}),
    ("68 redirect to [febf::1]", audit + ["--config", base + "/metadata-febf.json"], {65}),
    ("68 Transfer-Encoding: gzip", audit + ["--config", base + "/chunked-gzip.json"], {65}),
    ("the sample audit, all reports", [binary, "audit", "--inventory", inventory, "--config-dir",
      os.path.join(sample, "configs"), "--releases", os.path.join(sample, "releases.csv"), "--out", out, "--quiet"], {0}),
]

failures = 0
print("%-46s %4s %7s %7s  %s" % ("probe", "exit", "s", "MB", "verdict"))
for name, argv, expected in probes:
    stats = os.path.join(work, "time.txt")
    with open(os.devnull, "wb") as null:
        timed = ["/usr/bin/time", "-f", "%e %M", "-o", stats] + [a if isinstance(a, bytes) else a for a in argv]
        proc = subprocess.run(timed, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              cwd=work)
    text = open(stats).read().split()
    # GNU time writes "Command terminated by signal N" first when the program was killed.
    signalled = "signal" in open(stats).read()
    seconds, kb = float(text[-2]), int(text[-1])
    mb = kb / 1024
    problems = []
    if signalled or proc.returncode >= 128:
        problems.append("crashed")
    if proc.returncode not in expected:
        problems.append("exit %d, expected %s" % (proc.returncode, sorted(expected)))
    if seconds > MAX_SECONDS:
        problems.append("over %.0f s" % MAX_SECONDS)
    if mb > MAX_MB:
        problems.append("over %d MB" % MAX_MB)
    printed = proc.stdout + proc.stderr
    if name.startswith("3 ") and (b"\x1b" in printed or b"\x07" in printed or b"\n::error" in printed):
        problems.append("a control character or workflow command reached the output")
    if name.startswith("6 "):
        secret = os.path.join(work, "secret.json")
        report = open(secret, "rb").read() if os.path.exists(secret) else b""
        if b"secret" in report or b"hunter2" in report:
            problems.append("the password or the token reached the report")
    if name.startswith("4 ") and open(copy).read() != open(inventory).read():
        problems.append("the inventory was overwritten")
    failures += bool(problems)
    print("%-46s %4d %7.2f %7.1f  %s" % (name, proc.returncode, seconds, mb, "; ".join(problems) or "ok"))

server.shutdown()
shutil.rmtree(work, ignore_errors=True)
print("hostile-sweep: %d of %d probes within %.0f s and %d MB, exit as expected, no crash" % (
    len(probes) - failures, len(probes), MAX_SECONDS, MAX_MB))
sys.exit(1 if failures else 0)
