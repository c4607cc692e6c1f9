"""The GitHub Pages workflow is valid YAML and does what the README says."""
import yaml

from conftest import ROOT


def test_pages_workflow():
    workflow = yaml.safe_load((ROOT / ".github" / "workflows" / "pages.yml").read_text(encoding="utf-8"))
    triggers = workflow[True] if True in workflow else workflow["on"]  # YAML 1.1 reads `on` as true
    assert triggers["push"]["branches"] == ["main"] and "workflow_dispatch" in triggers
    assert workflow["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}
    build = workflow["jobs"]["build"]["steps"]
    runs = [s.get("run", "") for s in build]
    uses = [s.get("uses", "") for s in build]
    assert "python -m generator build --site-dir site" in runs
    assert "python -m generator build --offline --site-dir site-offline" in runs
    upload = next(s for s in build if s.get("uses", "").startswith("actions/upload-artifact"))
    assert upload["with"]["path"] == "site-offline.zip"
    assert any(u.startswith("actions/upload-pages-artifact") for u in uses)
    deploy = workflow["jobs"]["deploy"]
    assert deploy["needs"] == "build" and deploy["steps"][0]["uses"].startswith("actions/deploy-pages")
    assert all(s.get("name") for s in build + deploy["steps"])  # every step says what it does
