#!/usr/bin/env python3
"""Makes SampleData/desktop/inventory.csv: 1,200 devices of an Electron desktop app (FleetDesk) on macOS, Windows
and Linux, as an MDM or analytics export gives them, for the electron-updater feeds in configs/.

Deterministic (seeded): running it again gives an identical file. Columns beyond the core ones are the ones
electron-updater's decision reads (docs/inventory.md): arch, os_release (Linux kernels, `uname -r`),
updater_version (the electron-updater the app bundles; empty where the export does not say) and staging_id
(the UUID in the app's userData/.updaterId; empty where the app never reported it).
"""
import csv
import os
import random
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
rng = random.Random(20261202)

COLUMNS = ["device_id", "platform", "os_version", "app_version", "arch", "os_release", "updater_version",
           "staging_id"]
APP = [("2.1.0", 8), ("2.2.3", 15), ("2.3.0", 25), ("2.3.1", 30), ("2.4.0", 20), ("2.5.0-beta.1", 2)]
MACOS = [("11.7.10", 6), ("12.7.4", 14), ("13.6.6", 22), ("14.4.1", 33), ("15.1", 25)]
WINDOWS = [("10.0.19045.4291", 30), ("10.0.22621", 15), ("10.0.22631.2861", 40), ("10.0.26100", 15)]
LINUX = [("22.04", "5.15.0-91-generic", 30), ("22.04", "6.5.0-14-generic", 25), ("24.04", "6.8.0-45-generic", 35),
         ("12", "6.1.0-18-amd64", 10)]
UPDATER = [("6.3.9", 55), ("6.1.8", 25), ("", 20)]


def pick(weighted):
    return weighted[rng.choices(range(len(weighted)), weights=[w[-1] for w in weighted])[0]]


def device(i):
    draw = rng.random()
    row = {"device_id": f"desk-{i:05d}", "app_version": pick(APP)[0], "updater_version": pick(UPDATER)[0]}
    if draw < 0.45:
        row.update(platform="windows", os_version=pick(WINDOWS)[0], arch="x64" if rng.random() < 0.9 else "arm64")
    elif draw < 0.85:
        row.update(platform="macOS", os_version=pick(MACOS)[0], arch="arm64" if rng.random() < 0.7 else "x86_64")
    else:
        os_version, release, _ = pick(LINUX)
        row.update(platform="linux", os_version=os_version, os_release=release,
                   arch="x86_64" if rng.random() < 0.85 else "aarch64")
    if rng.random() < 0.75:
        row["staging_id"] = str(uuid.UUID(int=rng.getrandbits(128), version=5))
    return row


def main():
    rows = [device(i) for i in range(1, 1201)]
    with open(os.path.join(HERE, "inventory.csv"), "w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=COLUMNS, lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)


if __name__ == "__main__":
    main()
