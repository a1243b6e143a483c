#!/usr/bin/env python3
"""Deterministic benchmark inventories: N devices as CSV and (optionally) SQLite.

    python3 Benchmarks/make-inventory.py --rows 10000000 --csv bench-data/10m.csv [--sqlite bench-data/10m.sqlite]
    python3 Benchmarks/make-inventory.py --cardinality high --rows 10000000 --csv bench-data/high-10m.csv
    python3 Benchmarks/make-inventory.py --aggregated --rows 1000000 --csv bench-data/aggregated-1m.csv
    python3 Benchmarks/make-inventory.py --aggregated --count-scale 16 --rows 1000000 --csv bench-data/agg-100m.csv

Seeded, so the same arguments give the same bytes. Rows are drawn with Zipf-like weights from a fixed catalog of
60,000 device cohorts (see `cohorts`), themselves drawn Zipf-like over ~300 app versions and ~80 OS versions per
platform, regions, models (some with commas, so quoted), languages; every row has its own `device_id`; about 0.1% malformed rows of the kinds a
real export has (empty required field, non-integer versionCode, unknown Android release), each counted by
FleetAudit. (Kinds SQLite can hold too, so the CSV and the SQLite copy give identical numbers.)
"""
import argparse
from itertools import accumulate
import csv
import os
import random
import sqlite3

COLUMNS = ["platform", "os_version", "app_version", "app_build", "package_name", "model", "region", "language", "is_tablet",
           "device_id"]


def zipf_weights(n, s=1.1):
    return [1.0 / (i + 1) ** s for i in range(n)]


def build_tables(rng):
    ios_os = [f"{major}.{minor}" + (f".{patch}" if patch else "") for major in range(12, 19) for minor in range(0, 8) for patch in (0, 1)][:80]
    android_os = ["5.0", "5.1", "6.0", "6.0.1", "7.0", "7.1", "7.1.2", "8.0.0", "8.1.0", "9", "10", "11", "12", "12L", "13", "14", "15", "16"]
    android_os = (android_os * 5)[:80]
    apps = []  # (name, versionCode): ~300 releases
    code = 100
    for major in range(1, 7):
        for minor in range(0, 50):
            apps.append((f"{major}.{minor}", code))
            code += 3
    rng.shuffle(ios_os)
    models_ios = [f"iPhone{a},{b}" for a in range(10, 17) for b in range(1, 6)] + ["iPad13,1", "iPad14,2"]
    models_android = [f"SM-G{n}F" for n in range(900, 1000, 7)] + ["Pixel 6", "Pixel 7", "Galaxy S10, Enterprise Edition",
                                                                   "moto g(8)", "Redmi Note 9 Pro", "SM-T510"]
    regions = ["GB-ENG", "GB-WLS", "GB-SCT", "GB-NIR", "IE", "TR-34", "ES-CT", "DE-BE"]
    languages = ["en-GB", "cy-GB", "pl-PL", "ur-PK", "zh-CN", "tr-TR", "es-ES", "ca-ES", "de-DE"]
    return ios_os, android_os, apps, models_ios, models_android, regions, languages


def cohorts(rng, count=60_000):
    """The fleet's device cohorts: distinct (platform, OS, app, model, region, language) tuples, each with a
    Zipf-like weight. A real fleet is not a product of independent columns: languages follow regions, models
    follow OS versions, new app versions run on new OS versions. Rows are drawn from this fixed catalog, so the
    number of distinct profiles stops growing once the catalog is covered (~1M rows), as in a real inventory."""
    ios_os, android_os, apps, models_ios, models_android, regions, languages = build_tables(rng)
    region_languages = {"GB-ENG": ["en-GB", "pl-PL", "ur-PK", "zh-CN"], "GB-WLS": ["en-GB", "cy-GB"],
                        "GB-SCT": ["en-GB"], "GB-NIR": ["en-GB"], "IE": ["en-GB"], "TR-34": ["tr-TR"],
                        "ES-CT": ["ca-ES", "es-ES"], "DE-BE": ["de-DE"]}
    apps_newest_first = list(reversed(apps))
    # Cumulative weights computed once (`choices` would redo it per call; the draws are the same).
    app_w = list(accumulate(zipf_weights(len(apps))))
    region_w = list(accumulate(zipf_weights(len(regions))))
    os_w = {id(android_os): list(accumulate(zipf_weights(len(android_os)))), id(ios_os): list(accumulate(zipf_weights(len(ios_os))))}
    language_w = {r: list(accumulate(zipf_weights(len(ls), 2.0))) for r, ls in region_languages.items()}
    seen = set()
    out = []
    while len(out) < count:
        p = rng.choices(["ios", "android", "iPadOS"], weights=[50, 45, 5])[0]
        name, code = rng.choices(apps_newest_first, cum_weights=app_w)[0]
        oses = android_os if p == "android" else ios_os
        os_version = rng.choices(oses, cum_weights=os_w[id(oses)])[0]
        region = rng.choices(regions, cum_weights=region_w)[0]
        language = rng.choices(region_languages[region], cum_weights=language_w[region])[0]
        models = models_android if p == "android" else models_ios
        model = models[(oses.index(os_version) * 3 + rng.randrange(3)) % len(models)]
        if p == "android":
            row = (p, os_version, name, str(code), "com.example.app", model, region, language,
                   "true" if model == "SM-T510" else "false")
        else:
            row = (p, os_version, name, str(code * 10), "com.example.app", model, region, language,
                   "true" if model.startswith("iPad") else "false")
        if row not in seen:
            seen.add(row)
            out.append(row)
    return out


def rows(n, seed):
    rng = random.Random(seed)
    catalog = cohorts(rng)
    weights = zipf_weights(len(catalog), 0.9)
    batch = 100_000
    done = 0
    while done < n:
        k = min(batch, n - done)
        picks = rng.choices(catalog, weights=weights, k=k)
        for i in range(k):
            row = list(picks[i])
            p = row[0]
            r = rng.random()
            if r < 0.0004:
                row[1] = ""                      # empty required field
            elif r < 0.0007 and p == "android":
                row[3] = row[3] + "b"            # not a versionCode
            elif r < 0.001:
                row[1] = "4.0.4" if p == "android" else row[1]   # Android release not in the table
                if p != "android":
                    row[2] = ""                  # empty required field
            row.append("%016x" % rng.getrandbits(64))  # device_id: unique per row, ignored by FleetAudit
            yield row
        done += k


# Zipf exponents of the high-cardinality draws, per attribute. `fleet` is a large real fleet: most devices on the
# newest app and OS releases (auto-update), languages dominated by a few, regions by population — 10M rows give
# ~580,000 distinct profiles over the columns the sample configs read (issue 16 describes such a fleet: 536,845 at
# 10M rows). `flat` draws every attribute almost uniformly: 10M rows give 6.8M distinct profiles, two rows in three
# unique — not a fleet but the raw material of the aggregated worst case (`--aggregated`, every row distinct).
SPREADS = {"fleet": dict(app=2.2, os=1.8, model=0.9, region=1.2, language=2.2),
           "flat": dict(app=1.1, os=1.1, model=0.7, region=0.6, language=0.8)}


def rows_high(n, seed, spread="fleet"):
    """High cardinality: every attribute drawn on its own (Zipf-like app and OS versions per platform; 2,000
    Android and 300 Apple models; 200 regions; 100 languages; a tablet flag), so profiles repeat far less than
    in the cohort draw (the `--cardinality high` shape of issue 16; `very-high` draws them almost uniformly)."""
    s = SPREADS[spread]
    rng = random.Random(seed)
    ios_os, android_os, apps, _, _, _, _ = build_tables(rng)
    android_models = [f"Model-{i:04d}" for i in range(2000)]
    apple_models = [f"iPhone{10 + i // 5},{1 + i % 5}" for i in range(280)] + [f"iPad{13 + i // 5},{1 + i % 5}" for i in range(20)]
    regions = [f"R-{i:03d}" for i in range(200)]
    languages = [f"l{i:02d}-XX" for i in range(100)]
    apps_newest_first = list(reversed(apps))
    app_w = list(accumulate(zipf_weights(len(apps), s["app"])))
    os_w = {id(android_os): list(accumulate(zipf_weights(len(android_os), s["os"]))),
            id(ios_os): list(accumulate(zipf_weights(len(ios_os), s["os"])))}
    model_w = {id(android_models): list(accumulate(zipf_weights(len(android_models), s["model"]))),
               id(apple_models): list(accumulate(zipf_weights(len(apple_models), s["model"])))}
    region_w = list(accumulate(zipf_weights(len(regions), s["region"])))
    language_w = list(accumulate(zipf_weights(len(languages), s["language"])))
    for _ in range(n):
        p = rng.choices(["ios", "android", "iPadOS"], weights=[50, 45, 5])[0]
        name, code = rng.choices(apps_newest_first, cum_weights=app_w)[0]
        oses = android_os if p == "android" else ios_os
        models = android_models if p == "android" else apple_models
        row = [p, rng.choices(oses, cum_weights=os_w[id(oses)])[0], name, str(code if p == "android" else code * 10),
               "com.example.app", rng.choices(models, cum_weights=model_w[id(models)])[0],
               rng.choices(regions, cum_weights=region_w)[0], rng.choices(languages, cum_weights=language_w)[0],
               "true" if rng.random() < 0.12 else "false"]
        r = rng.random()
        if r < 0.0004:
            row[1] = ""
        elif r < 0.0007 and p == "android":
            row[3] = row[3] + "b"
        row.append("%016x" % rng.getrandbits(64))
        yield row


def rows_aggregated(n, seed, count_scale=1):
    """The worst case of a warehouse's grouped export: N rows, every one a distinct device profile (the
    high-cardinality draw, deduplicated), each with a `count` of devices (Zipf-like, 1 to 50,000) and no
    device_id. No malformed rows: a warehouse GROUP BY has already typed them."""
    rng = random.Random(seed + 1)
    seen = set()
    for row in rows_high(n * 4, seed, spread="flat"):
        key = "\x1f".join(row[:-1])
        if row[1] == "" or row[3].endswith("b") or key in seen:
            continue
        seen.add(key)
        yield row[:-1] + [str(count_scale * max(1, min(50_000, int(1 / max(rng.random(), 2e-5) ** 0.9))))]
        if len(seen) == n:
            return
    raise SystemExit(f"only {len(seen)} distinct profiles drawn; ask for fewer rows")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rows", type=int, required=True)
    ap.add_argument("--csv", required=True)
    ap.add_argument("--sqlite")
    ap.add_argument("--seed", type=int, default=20261122)
    ap.add_argument("--cardinality", choices=["low", "high", "very-high"], default="low",
                    help="low: rows drawn from 60,000 cohorts (profiles repeat); high: attributes drawn independently, "
                         "fleet-like (10M rows: ~580k distinct profiles); very-high: drawn almost uniformly (10M rows: 6.8M)")
    ap.add_argument("--aggregated", action="store_true",
                    help="a grouped export: every row a distinct high-cardinality profile with a count column")
    ap.add_argument("--count-scale", type=int, default=1,
                    help="with --aggregated, multiply every count (16: ~100M devices in 1M groups, the same groups)")
    args = ap.parse_args()
    columns = COLUMNS[:-1] + ["count"] if args.aggregated else COLUMNS
    if args.aggregated:
        generate = lambda n, seed: rows_aggregated(n, seed, args.count_scale)
    else:
        generate = {"low": rows, "high": rows_high,
                    "very-high": lambda n, seed: rows_high(n, seed, spread="flat")}[args.cardinality]
    os.makedirs(os.path.dirname(os.path.abspath(args.csv)), exist_ok=True)
    tmp = args.csv + ".tmp"
    with open(tmp, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(columns)
        w.writerows(generate(args.rows, args.seed))
    os.replace(tmp, args.csv)
    if args.sqlite:
        tmp = args.sqlite + ".tmp"
        if os.path.exists(tmp):
            os.remove(tmp)
        db = sqlite3.connect(tmp)
        db.execute("PRAGMA journal_mode=OFF")
        db.execute("PRAGMA synchronous=OFF")
        db.execute("CREATE TABLE devices (" + ", ".join(f"{c} TEXT" for c in columns) + ")")
        with open(args.csv, newline="", encoding="utf-8") as f:
            reader = csv.reader(f)
            next(reader)
            db.executemany("INSERT INTO devices VALUES (" + ",".join("?" * len(columns)) + ")",
                           ([v if v != "" else None for v in r] for r in reader))
        db.commit()
        db.close()
        os.replace(tmp, args.sqlite)
    print(f"wrote {args.csv}" + (f" and {args.sqlite}" if args.sqlite else "") + f": {args.rows} rows")


if __name__ == "__main__":
    main()
