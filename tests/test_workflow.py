"""The GitHub Pages workflow is a valid workflow (GitHub's schema) and does what the README says:
a daily fetch that can be turned off, deploys only when something new arrived, and a build of
what the fetch committed."""
import subprocess
import sys

import pytest
import yaml

from conftest import ROOT

WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"


def validate(path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "check_jsonschema", "--builtin-schema", "vendor.github-workflows",
                           str(path)], capture_output=True, text=True)


def test_the_workflow_matches_githubs_schema(tmp_path):
    result = validate(WORKFLOW)
    assert result.returncode == 0, result.stdout + result.stderr
    broken = tmp_path / "broken.yml"  # the check can fail: a misspelt key is caught
    broken.write_text(WORKFLOW.read_text(encoding="utf-8").replace("runs-on:", "run-on:", 1), encoding="utf-8")
    assert validate(broken).returncode != 0


@pytest.fixture(scope="module")
def workflow():
    return yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))


def test_it_runs_daily_on_push_and_by_hand(workflow):
    triggers = workflow[True] if True in workflow else workflow["on"]  # YAML 1.1 reads `on` as true
    assert triggers["push"]["branches"] == ["main"] and "workflow_dispatch" in triggers
    assert [s["cron"].split()[2:] for s in triggers["schedule"]] == [["*", "*", "*"]]  # every day
    assert workflow["permissions"] == {"contents": "read"}  # each job asks for what it needs
    assert workflow["concurrency"]["cancel-in-progress"] is False  # a daily run never cancels a deploy


def test_the_fetch_job_commits_what_arrived(workflow):
    fetch = workflow["jobs"]["fetch"]
    assert "vars.CR_FETCH_SCHEDULE != 'off'" in fetch["if"]  # the switch the README names
    assert fetch["permissions"] == {"contents": "write"}
    step = next(s for s in fetch["steps"] if s.get("id") == "fetch")
    script = step["run"]
    assert "python -m generator fetch" in script and "git status --porcelain -- docs_src" in script
    assert "git commit" in script and "git push" in script
    assert 'echo "changed=true" >> "$GITHUB_OUTPUT"' in script and 'echo "changed=false" >> "$GITHUB_OUTPUT"' in script
    assert fetch["outputs"]["changed"] == "${{ steps.fetch.outputs.changed }}"


def test_a_daily_run_deploys_only_when_something_arrived(workflow):
    build = workflow["jobs"]["build"]
    assert build["needs"] == "fetch"
    condition = " ".join(build["if"].split())
    assert "github.event_name != 'schedule' || needs.fetch.outputs.changed == 'true'" in condition
    checkout = build["steps"][0]
    assert checkout["uses"].startswith("actions/checkout") and "needs.fetch.outputs.commit" in checkout["with"]["ref"]
    runs = [s.get("run", "") for s in build["steps"]]
    uses = [s.get("uses", "") for s in build["steps"]]
    assert "python -m generator build --site-dir site" in runs
    assert "python -m generator build --offline --site-dir site-offline" in runs
    upload = next(s for s in build["steps"] if s.get("uses", "").startswith("actions/upload-artifact"))
    assert upload["with"]["path"] == "site-offline.zip"
    assert any(u.startswith("actions/upload-pages-artifact") for u in uses)
    deploy = workflow["jobs"]["deploy"]
    assert deploy["needs"] == "build" and deploy["steps"][0]["uses"].startswith("actions/deploy-pages")
    assert deploy["permissions"] == {"pages": "write", "id-token": "write"}
    steps = [s for job in workflow["jobs"].values() for s in job["steps"]]
    assert all(s.get("name") for s in steps)  # every step says what it does
