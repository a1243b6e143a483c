#!/usr/bin/env python3
"""Checks a FleetAudit JSON report against the invariants of docs/inventory.md and docs/reports.md:
rows read = evaluated + rejected; for every config the totals sum to the devices, and totals equal the
per-rule counts plus the unattributed ones; optionally, identical numbers to another report."""
import json
import sys

OUTCOMES = ["forced", "recommended", "blocked", "unsupportedOS", "upToDate", "notTargeted"]


def fail(message):
    print(f"check-report: {message}", file=sys.stderr)
    sys.exit(1)


def check(report):
    if report.get("schema") != "fleet-audit/1":
        fail(f"schema is {report.get('schema')!r}")
    inv = report["inventory"]
    if inv["rowsRead"] != inv["rowsEvaluated"] + inv["rowsRejected"]:
        fail("rowsRead != rowsEvaluated + rowsRejected")
    if sum(inv["rejectionsByReason"].values()) != inv["rowsRejected"]:
        fail("rejectionsByReason does not add up to rowsRejected")
    # In devices: a row of a device inventory is one device; a grouped one's rejections carry their counts.
    if sum(inv["devicesRejectedByReason"].values()) != inv["devicesRejected"]:
        fail("devicesRejectedByReason does not add up to devicesRejected")
    if not inv["grouped"] and (inv["devicesRejected"] != inv["rowsRejected"] or inv["rejectedUncounted"] != 0):
        fail("a device inventory's rejected rows are its rejected devices")
    if not report["configs"]:
        fail("no configs in the report")
    for c in report["configs"]:
        totals = c["totals"]
        if list(totals) != OUTCOMES:
            fail(f"{c['id']}: totals keys {list(totals)}")
        if sum(totals.values()) != inv["devices"]:
            fail(f"{c['id']}: totals sum to {sum(totals.values())}, devices are {inv['devices']}")
        for o in OUTCOMES:
            ruled = sum(r["counts"][o] for r in c["rules"]) + c["unattributed"][o]
            if ruled != totals[o]:
                fail(f"{c['id']}: {o}: rules + unattributed = {ruled}, totals = {totals[o]}")
            for r in c["rules"]:
                if sum(p[o] for p in r["byPlatform"].values()) != r["counts"][o]:
                    fail(f"{c['id']} {r['id']}: byPlatform does not add up for {o}")
    return {"inventory": {k: inv[k] for k in ["rowsRead", "rowsEvaluated", "rowsRejected", "devices", "rejectionsByReason"]},
            "configs": report["configs"]}


def main():
    report = json.load(open(sys.argv[1], encoding="utf-8"))
    numbers = check(report)
    if len(sys.argv) == 4 and sys.argv[2] == "--same-numbers-as":
        other = check(json.load(open(sys.argv[3], encoding="utf-8")))
        if numbers != other:
            fail(f"{sys.argv[1]} and {sys.argv[3]} disagree")
    print(f"check-report: {sys.argv[1]}: {len(report['configs'])} configs, {report['inventory']['devices']} devices, invariants hold")


if __name__ == "__main__":
    main()
