#!/usr/bin/env python3
"""Makes SampleData/inventory.csv and SampleData/inventory.sqlite: the same 4,000 devices in both.

Deterministic (seeded): running it again gives identical files. The CSV is written first; the SQLite
database is then filled from that CSV with Python's csv module, so the two hold the same rows by
construction. Empty CSV fields become NULL in SQLite.

A few rows are malformed on purpose, each of a kind both sources can hold (an empty required field, a
non-integer versionCode, an unknown Android release), so both give identical audit numbers.
"""
import csv
import os
import random
import sqlite3

HERE = os.path.dirname(os.path.abspath(__file__))
rng = random.Random(20261122)
# The Macs' processors, drawn from a generator of their own so that every other column stays as it was.
arch_rng = random.Random(20261127)

COLUMNS = ["device_id", "platform", "os_version", "app_version", "app_build", "package_name",
           "model", "region", "language", "is_tablet", "last_notified_version", "app_opens", "minutes_since_rating",
           "arch"]

IOS_OS = [("12.5.7", 2), ("13.3", 2), ("13.5.1", 3), ("14.8", 8), ("15.7.9", 12), ("16.4.1", 18),
          ("16.7.2", 15), ("17.1", 14), ("17.4.1", 16), ("18.0", 10)]
IOS_APP = [("3.12", 3), ("4.10", 5), ("4.29", 12), ("4.36", 18), ("5.0", 20), ("5.1", 22), ("6.0", 15), ("6.1", 5)]
IOS_MODELS = [("iPhone12,1", False), ("iPhone13,2", False), ("iPhone14,5", False), ("iPhone15,2", False),
              ("iPad13,1", True), ("iPhone 8, \"Product RED\"", False)]
MACOS_OS = [("12.7.4", 3), ("13.6.6", 6), ("14.4.1", 10), ("15.1", 8)]
MACOS_APP = [("5.0", 10), ("5.1", 20), ("6.0", 25), ("6.1", 10)]
MACOS_MODELS = [("MacBookAir10,1", False), ("Mac14,2", False), ("iMac21,1", False)]
# What PrinceOfVersions clients store after showing an optional update (SampleData's PoV documents offer these).
LATEST_NOTIFIED = {"ios": "6.1", "macos": "6.1", "android": "362"}
ANDROID_OS = [("5.1", 2), ("6.0.1", 4), ("7.0", 5), ("8.1.0", 8), ("9", 12), ("10", 16), ("11", 18),
              ("12", 15), ("13", 12), ("14", 8)]
ANDROID_APP = [("4.10", 111, 4), ("4.29", 312, 10), ("4.36", 347, 22), ("4.39", 352, 14), ("5.0", 358, 25),
               ("5.1", 362, 25)]
ANDROID_MODELS = [("SM-G973F", False), ("Pixel 6", False), ("Galaxy S10, Enterprise Edition", False),
                  ("SM-T510", True), ("moto g(8)", False), ("Redmi Note 9 Pro", False)]
REGIONS = [("GB-ENG", 70), ("GB-WLS", 12), ("GB-SCT", 10), ("GB-NIR", 8)]
LANGUAGES = [("en-GB", 80), ("cy-GB", 8), ("pl-PL", 5), ("ur-PK", 4), ("zh-CN", 3)]
PACKAGES = {"ios": [("uk.nhs.covid19.production", 95), ("uk.nhs.covid19.beta", 5)],
            "android": [("uk.nhs.covid19.production", 93), ("uk.nhs.covid19.internal", 7)]}


def pick(weighted):
    values = [v for v, *_ in weighted] if isinstance(weighted[0], tuple) else weighted
    weights = [w[-1] for w in weighted]
    return weighted[rng.choices(range(len(weighted)), weights=weights)[0]]


def device(i):
    draw = rng.random()
    platform = "ios" if draw < 0.50 else "macos" if draw < 0.56 else "android"
    row = {"device_id": f"dev-{i:05d}"}
    if platform == "ios":
        row["platform"] = rng.choice(["ios", "ios", "ios", "iOS", "iPadOS"])
        row["os_version"] = pick(IOS_OS)[0]
        row["app_version"] = pick(IOS_APP)[0]
        row["app_build"] = str(rng.randint(1000, 1999))
        model, tablet = rng.choice(IOS_MODELS)
    elif platform == "macos":
        row["platform"] = "macOS"
        row["os_version"] = pick(MACOS_OS)[0]
        row["app_version"] = pick(MACOS_APP)[0]
        row["app_build"] = str(rng.randint(1000, 1999))
        model, tablet = rng.choice(MACOS_MODELS)
        row["arch"] = "x86_64" if arch_rng.random() < 0.3 else "arm64"
    else:
        row["platform"] = "android"
        row["os_version"] = pick(ANDROID_OS)[0]
        name, code, _ = pick(ANDROID_APP)
        row["app_version"] = name
        row["app_build"] = str(code)
        model, tablet = rng.choice(ANDROID_MODELS)
    row["package_name"] = pick(PACKAGES["ios" if platform == "macos" else platform])[0]
    row["model"] = model
    row["region"] = pick(REGIONS)[0]
    row["language"] = pick(LANGUAGES)[0]
    row["is_tablet"] = "true" if tablet else "false"
    row["last_notified_version"] = LATEST_NOTIFIED[platform] if rng.random() < 0.3 else ""
    # OSAM rating state; older app builds did not report it.
    if rng.random() < 0.8:
        row["app_opens"] = str(rng.randint(0, 40))
        row["minutes_since_rating"] = str(rng.choice([0, 30, 600, 2880, 10000, 50000]))
    else:
        row["app_opens"] = row["minutes_since_rating"] = ""
    return row


def main():
    rows = [device(i) for i in range(1, 4001)]
    # Malformed rows a real export has: each is rejected with its line and reason, never dropped.
    rows[99]["os_version"] = ""                  # empty required field
    rows[[i for i, r in enumerate(rows) if r["platform"] == "android"][10]]["app_build"] = "347b"  # not a versionCode
    rows[[i for i, r in enumerate(rows) if r["platform"] == "android"][20]]["os_version"] = "4.0.4"  # unknown release
    rows[2500]["platform"] = ""                  # empty required field
    rows[3333]["app_version"] = ""               # empty required field

    csv_path = os.path.join(HERE, "inventory.csv")
    with open(csv_path, "w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=COLUMNS, lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)

    db_path = os.path.join(HERE, "inventory.sqlite")
    if os.path.exists(db_path):
        os.remove(db_path)
    db = sqlite3.connect(db_path)
    db.execute("CREATE TABLE devices (device_id TEXT PRIMARY KEY, platform TEXT, os_version TEXT, "
               "app_version TEXT, app_build TEXT, package_name TEXT, model TEXT, region TEXT, "
               "language TEXT, is_tablet TEXT, last_notified_version TEXT, app_opens TEXT, "
               "minutes_since_rating TEXT, arch TEXT)")
    with open(csv_path, newline="", encoding="utf-8") as f:
        reader = csv.reader(f)
        header = next(reader)
        assert header == COLUMNS
        db.executemany("INSERT INTO devices VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                       ([v if v != "" else None for v in r] for r in reader))
    db.commit()
    db.execute("VACUUM")
    db.close()
    print(f"wrote {csv_path} and {db_path}: {len(rows)} devices")


if __name__ == "__main__":
    main()
