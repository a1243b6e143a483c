#!/usr/bin/env python3
"""Runs the documented CI examples as CI would, on the sample data, with the installed binary.

Reads the GitHub Actions workflow and the GitLab CI file from the YAML blocks of docs/cron-and-ci.md (the ones
whose first line names .github/workflows/… and .gitlab-ci.yml), points their variables at SampleData/, runs every
step or script line that calls fleet-audit (the install step is the one thing skipped: the binary comes from
`make install`, whose prefix is the first argument), and checks each exit code and every file the workflows
hand to GitHub or GitLab: SARIF against its schema, JUnit against junit-10.xsd, Code Quality's fields.

  python3 Tests/CI/run-readme-ci-examples.py PREFIX     # run them with PREFIX/bin/fleet-audit (check-install.sh)
  python3 Tests/CI/run-readme-ci-examples.py --check    # only find and parse the two blocks; no binary needed
"""
import json, os, re, shutil, subprocess, sys, tempfile

import yaml

repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
schemas = os.path.join(repo, "Tests", "FleetAuditTests", "Fixtures", "schemas")
# The page that shows the examples (it was the README until the docs moved to docs/).
page = os.path.join("docs", "cron-and-ci.md")
if len(sys.argv) != 2 or sys.argv[1] in ("-h", "--help"):
    print(__doc__.strip())
    sys.exit(0 if len(sys.argv) == 2 else 2)
prefix = sys.argv[1]
sample = {"CONFIGS": "SampleData/configs", "INVENTORY": "SampleData/inventory.sqlite", "RELEASES": "SampleData/releases.csv"}

# What each step does on the sample: its configs validate without an error (warnings and infos only), and
# configs block more than 0.5% of the devices, so validation exits 0 and the gated audit 1.
expected_github = {"Annotate the pull request": 0, "Code scanning": 0, "Audit the fleet": 1}
expected_gitlab = {
    "fleet-audit:validate": [0],
    "fleet-audit:audit": [1],
}


def readme_yaml(first_line):
    text = open(os.path.join(repo, page), encoding="utf-8").read()
    for block in re.findall(r"```yaml\n(.*?)```", text, re.S):
        if block.startswith(first_line):
            return yaml.safe_load(block)
    sys.exit("ci-examples: no YAML block starting with %r in %s" % (first_line, page))


def run(script, env, workdir):
    # GitHub runs `run:` with bash -e -o pipefail, GitLab its script lines with sh -e: bash -e covers both.
    full = dict(os.environ, PATH=os.path.join(prefix, "bin") + os.pathsep + os.environ["PATH"], **env)
    return subprocess.run(["bash", "-e", "-o", "pipefail", "-c", script], cwd=workdir, env=full).returncode


def fresh_workdir():
    workdir = tempfile.mkdtemp(prefix="fleet-audit-ci-")
    shutil.copytree(os.path.join(repo, "SampleData"), os.path.join(workdir, "SampleData"))
    return workdir


def check_sarif(path):
    import jsonschema
    schema = json.load(open(os.path.join(schemas, "sarif-schema-2.1.0.json")))
    sarif = json.load(open(path))
    jsonschema.Draft4Validator(schema).validate(sarif)
    results = sarif["runs"][0]["results"]
    # The sample's configs carry warnings and notes (no error since the README examples left for docs/examples).
    assert any(r["ruleId"] == "nhs.recommendationBelowMinimum" and r["level"] == "warning" for r in results), results
    for r in results:
        uri = r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
        assert uri.startswith("SampleData/configs/"), "repository-relative uri: %s" % uri
    return len(results)


def check_junit(path):
    subprocess.run(["xmllint", "--noout", "--schema", os.path.join(schemas, "junit-10.xsd"), path], check=True)
    text = open(path).read()
    assert 'classname="fleet-audit.gates"' in text and "<failure" in text, text


def check_codequality(path):
    issues = json.load(open(path))
    assert isinstance(issues, list) and issues
    for i in issues:
        for key in ("description", "check_name", "fingerprint", "severity"):
            assert isinstance(i[key], str) and i[key], (key, i)
        assert isinstance(i["location"]["path"], str) and isinstance(i["location"]["lines"]["begin"], int), i
    assert len({i["fingerprint"] for i in issues}) == len(issues), "fingerprints are unique"
    return len(issues)


def github():
    workflow = readme_yaml("# .github/workflows/fleet-audit.yml")
    env = {k: sample.get(k, v) for k, v in workflow["env"].items()}
    workdir = fresh_workdir()
    seen = {}
    uploads = []
    for step in workflow["jobs"]["fleet-audit"]["steps"]:
        name, script = step.get("name", step.get("uses", "")), step.get("run")
        if script and "fleet-audit " in script and not name.startswith("Install"):
            seen[name] = run(script, env, workdir)
        uses = step.get("uses", "")
        if uses.startswith("github/codeql-action/upload-sarif"):
            uploads.append(("sarif", step["with"]["sarif_file"]))
        elif uses.startswith("actions/upload-artifact"):
            uploads.append(("artifact", step["with"]["path"]))
        elif uses.startswith("mikepenz/action-junit-report"):
            uploads.append(("junit", step["with"]["report_paths"]))
    assert seen == expected_github, "GitHub steps exited %s, expected %s" % (seen, expected_github)
    for kind, path in uploads:
        full = os.path.join(workdir, path)
        assert os.path.exists(full), "the workflow uploads %s, which no step wrote" % path
        if kind == "sarif":
            print("ci-examples: github: %s valid, %d results" % (path, check_sarif(full)))
        elif kind == "junit":
            check_junit(full)
        else:
            assert sorted(os.listdir(full))[:3] == ["gates.xml", "report.html", "report.json"], os.listdir(full)
    print("ci-examples: github: steps exited %s as expected; uploads %s present" % (seen, [p for _, p in uploads]))


def gitlab():
    pipeline = readme_yaml("# .gitlab-ci.yml")
    env = {k: sample.get(k, v) for k, v in pipeline["variables"].items()}
    for job, expected in expected_gitlab.items():
        workdir = fresh_workdir()
        # What every GitLab job has: the outputs GitLab reads are written because of it.
        job_env = dict(env, GITLAB_CI="true", CI_PROJECT_DIR=workdir)
        statuses = [run(line, job_env, workdir) for line in pipeline[job]["script"]]
        assert statuses == expected, "%s: script lines exited %s, expected %s" % (job, statuses, expected)
        artifacts = pipeline[job]["artifacts"]
        assert artifacts.get("when") == "always", "%s: artifacts must be kept when the job fails" % job
        reports = artifacts.get("reports", {})
        if "codequality" in reports:
            print("ci-examples: gitlab: %s: %d Code Quality issues" % (job, check_codequality(os.path.join(workdir, reports["codequality"]))))
        if "junit" in reports:
            check_junit(os.path.join(workdir, reports["junit"]))
        for path in artifacts.get("paths", []):
            assert os.path.exists(os.path.join(workdir, path)), "%s: artifact %s missing" % (job, path)
        print("ci-examples: gitlab: %s: script lines exited %s as expected" % (job, statuses))


if prefix == "--check":
    workflow = readme_yaml("# .github/workflows/fleet-audit.yml")
    steps = [s.get("name", s.get("uses")) for s in workflow["jobs"]["fleet-audit"]["steps"]]
    pipeline = readme_yaml("# .gitlab-ci.yml")
    assert set(expected_github) <= set(steps), "GitHub steps %s lack %s" % (steps, list(expected_github))
    assert all(job in pipeline for job in expected_gitlab), "GitLab jobs %s lack %s" % (list(pipeline), list(expected_gitlab))
    print("ci-examples: %s: GitHub steps %s; GitLab jobs %s" % (page, steps, [j for j in pipeline if j in expected_gitlab]))
    sys.exit(0)

github()
gitlab()
print("ci-examples: ok")
