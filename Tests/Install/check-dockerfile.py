#!/usr/bin/env python3
"""The Dockerfile holds up without pulling an image (these machines cannot): it parses (dockerfile-parse, the
parser of the containerbuildsystem tools), it has a build stage and a run stage, the run stage installs exactly
the Debian packages that own the libraries the built binary names (readelf NEEDED, resolved by ldd, owned per
dpkg -S) beyond what a slim Debian image already has (libc6 and what apt needs), plus ca-certificates for HTTPS config URLs, and it
copies the installed tree from the build stage.

usage: check-dockerfile.py BINARY   (the binary `make install` built: the one the image would carry)
"""
import re
import subprocess
import sys

from dockerfile_parse import DockerfileParser

binary = sys.argv[1]
parser = DockerfileParser(path="Dockerfile")
instructions = parser.structure
stages = [i for i in instructions if i["instruction"] == "FROM"]
problems = []
if len(stages) != 2 or not stages[0]["value"].endswith(" AS build") or not stages[1]["value"].endswith(" AS run"):
    problems.append("expected two stages, 'AS build' then 'AS run': %r" % [s["value"] for s in stages])
run_start = instructions.index(stages[-1])
run_stage = instructions[run_start:]


def installed(stage):
    packages = set()
    for i in stage:
        if i["instruction"] == "RUN" and "apt-get install" in i["value"]:
            words = i["value"].split("apt-get install", 1)[1].split("&&")[0].split()
            packages |= {w for w in words if not w.startswith("-")}
    return packages


run_packages = installed(run_stage)
if not any(i["instruction"] == "COPY" and "--from=build" in i["value"] for i in run_stage):
    problems.append("the run stage does not copy the build stage's install")
if not any(i["instruction"] == "ENTRYPOINT" and "fleet-audit" in i["value"] for i in run_stage):
    problems.append("the run stage's entry point is not fleet-audit")


def owner(path):
    # usrmerge: a library ldd finds under /lib may be registered under /usr/lib, or the other way round.
    for candidate in (path, path.replace("/usr/lib/", "/lib/", 1), path.replace("/lib/", "/usr/lib/", 1)):
        out = subprocess.run(["dpkg", "-S", candidate], capture_output=True, text=True)
        if out.returncode == 0:
            return out.stdout.split(":")[0]
    return None


# What a slim Debian image already holds among the libraries a C program links: the C library, and what apt
# itself needs (libstdc++6, libgcc-s1, zlib1g). Everything else the binary names must be installed.
SLIM_BASE = {"libc6", "libgcc-s1", "libstdc++6", "zlib1g"}

# The libraries the binary names itself (NEEDED), resolved by ldd; what those pull in comes with their packages.
dynamic = subprocess.run(["readelf", "-d", binary], capture_output=True, text=True, check=True).stdout
sonames = re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", dynamic)
paths = {}
for line in subprocess.run(["ldd", binary], capture_output=True, text=True, check=True).stdout.splitlines():
    m = re.match(r"\s*(\S+) => (/\S+)", line)
    if m:
        paths[m.group(1)] = m.group(2)
needed = set()
for soname in sonames:
    path = paths.get(soname)
    if path is None:
        if not soname.startswith("ld-linux"):
            problems.append("ldd does not resolve %s" % soname)
        continue
    package = owner(path)
    if package is None:
        problems.append("no Debian package owns %s (is the binary linked to the toolchain?)" % path)
    else:
        needed.add(package)


def base(name):
    # The library's package whatever its t64 transition name: libcurl4t64 is libcurl4.
    return re.sub(r"t64$", "", name)


declared = {base(p) for p in run_packages} - {"ca-certificates"}
linked = {base(p) for p in needed} - SLIM_BASE
if linked - declared:
    problems.append("the binary links libraries of %s, which the run stage does not install" % sorted(linked - declared))
if declared - linked:
    problems.append("the run stage installs %s, which the binary does not link" % sorted(declared - linked))
if "ca-certificates" not in run_packages:
    problems.append("the run stage lacks ca-certificates: HTTPS config URLs would fail")
if problems:
    print("check-dockerfile: " + "; ".join(problems), file=sys.stderr)
    sys.exit(1)
print("check-dockerfile: two stages; the run stage installs %s: what %s links beyond a slim Debian (%s)" % (
    ", ".join(sorted(run_packages)), binary, ", ".join(sorted(needed))))
