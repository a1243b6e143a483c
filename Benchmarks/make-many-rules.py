#!/usr/bin/env python3
"""Generates configs with many rules, for the many-rules benchmark (Benchmarks/many-rules.sh).

A config may hold hundreds of thousands of entries (one per model, region or rollout step); loading,
evaluating and reporting it must stay O(N log N) in the number of entries. The entries are drawn, seeded,
from the SampleData inventory's vocabulary so that some of them hold for real devices:

  --format pov       PrinceOfVersions v4: N entries in `ios2` and N in `android2`. 60% carry only a
                     required_os_version, 30% a `model` requirement, 10% a `region` one; the last entry of each
                     array holds for every device.
  --format turkcell  Turkcell Updater: N `updates` filtered on deviceModel, appVersionName (wildcards), the OS
                     and the language, and N/10 `messages`.

  python3 Benchmarks/make-many-rules.py --format pov --rules 100000 --out bench-data/pov-100000.json
"""
import argparse
import csv
import json
import random
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def vocabulary():
    models, regions = set(), set()
    with open(os.path.join(HERE, "..", "SampleData", "inventory.csv"), newline="") as f:
        for row in csv.DictReader(f):
            models.add(row["model"])
            regions.add(row["region"])
    # Mostly models and regions no device has, as in a real per-model config.
    models = sorted(models) + ["Model-%05d" % i for i in range(5000)]
    regions = sorted(regions) + ["XX-%03d" % i for i in range(300)]
    return models, regions


def pov(n, rng, models, regions):
    def entries(android):
        out = []
        for i in range(n):
            r = rng.random()
            if android:
                e = {"required_version": rng.randint(300, 400), "last_version_available": rng.randint(350, 420),
                     "notify_last_version_frequency": rng.choice(["ONCE", "ALWAYS"])}
                os_bound = rng.randint(26, 40)
            else:
                e = {"required_version": "%d.%d" % (rng.randint(4, 6), rng.randint(0, 9)),
                     "last_version_available": "%d.%d.%d" % (rng.randint(5, 7), rng.randint(0, 9), rng.randint(0, 9)),
                     "notify_last_version_frequency": rng.choice(["ONCE", "ALWAYS"])}
                os_bound = "%d.%d" % (rng.randint(16, 30), rng.randint(0, 5))
            req = {"required_os_version": os_bound}
            if r >= 0.9:
                req["region"] = rng.choice(regions)
            elif r >= 0.6:
                req["model"] = rng.choice(models)
            e["requirements"] = req
            out.append(e)
        out.append({"required_version": 300 if android else "5.0", "last_version_available": 362 if android else "6.0"})
        return out
    return {"ios2": entries(False), "android2": entries(True), "meta": {"generated": True}}


def turkcell(n, rng, models, regions):
    updates = []
    for i in range(n):
        filters = {"deviceModel": rng.choice(models)}
        r = rng.random()
        if r < 0.3:
            filters["appVersionName"] = "%d.*" % rng.randint(1, 9)
        elif r < 0.5:
            filters["deviceOsVersion"] = "<%d" % rng.randint(5, 30)
        elif r < 0.6:
            filters["deviceLanguage"] = rng.choice(["en", "tr", "de", "pl", "!fr"])
        updates.append({"filters": filters, "targetVersionCode": rng.randint(300, 400),
                        "targetGooglePlay": True, "targetWebsiteUrl": "https://example.org/app",
                        "forceUpdate": rng.random() < 0.3,
                        "descriptions": {"*": {"message": "m", "whatIsNew": "w", "warnings": "x"}}})
    messages = [{"filters": {"deviceModel": rng.choice(models)}, "descriptions": {"*": {"message": "m"}},
                 "maxDisplayCount": rng.randint(1, 5)} for _ in range(max(1, n // 10))]
    messages.append({"descriptions": {"*": {"message": "everyone"}}})
    return {"packageName": "uk.nhs.covid19.production", "updates": updates, "messages": messages}


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--format", choices=["pov", "turkcell"], required=True)
    p.add_argument("--rules", type=int, required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--seed", type=int, default=14)
    a = p.parse_args()
    rng = random.Random(a.seed)
    models, regions = vocabulary()
    doc = (pov if a.format == "pov" else turkcell)(a.rules, rng, models, regions)
    with open(a.out, "w") as f:
        json.dump(doc, f, separators=(",", ":"))


if __name__ == "__main__":
    main()
