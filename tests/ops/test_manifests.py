"""Every deployment file validates offline: ``deploy/k8s/`` against the Kubernetes schemas (strict: an
unknown or misspelt field fails), ``deploy/compose.yaml`` against the Compose Specification."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import kubernetes_validate
import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
K8S = sorted((ROOT / "deploy/k8s").glob("*.yaml"))
KUBERNETES = "1.30.0"  # the oldest release these manifests support (autoscaling/v2, policy/v1, batch/v1 ttl)


def documents() -> list[tuple[str, dict]]:
    return [(f"{path.name}#{i}", doc) for path in K8S
            for i, doc in enumerate(yaml.safe_load_all(path.read_text())) if doc]


@pytest.mark.parametrize(("where", "doc"), documents(), ids=[w for w, _ in documents()])
@pytest.mark.parametrize("version", [KUBERNETES, kubernetes_validate.latest_version()])
def test_each_kubernetes_manifest_validates_strictly_against_the_schemas(where, doc, version):
    kubernetes_validate.validate(doc, version, strict=True)


def test_the_manifests_hold_what_production_needs():
    kinds = {(doc["kind"], doc["metadata"]["name"]) for _, doc in documents()}
    assert kinds == {("ConfigMap", "tabletop"), ("Secret", "tabletop"),
                     ("Job", "tabletop-migrate"),
                     ("Deployment", "tabletop-api"), ("Deployment", "tabletop-projections"),
                     ("Deployment", "tabletop-bots"),
                     ("Service", "tabletop-api"), ("HorizontalPodAutoscaler", "tabletop-api"),
                     ("PodDisruptionBudget", "tabletop-api")}
    by_name = {(d["kind"], d["metadata"]["name"]): d for _, d in documents()}
    api = by_name["Deployment", "tabletop-api"]["spec"]["template"]["spec"]["containers"][0]
    assert api["readinessProbe"]["httpGet"]["path"] == "/readyz"
    assert api["livenessProbe"]["httpGet"]["path"] == "/healthz"
    for kind, name in (("Deployment", "tabletop-api"), ("Deployment", "tabletop-projections"),
                       ("Deployment", "tabletop-bots"), ("Job", "tabletop-migrate")):
        container = by_name[kind, name]["spec"]["template"]["spec"]["containers"][0]
        assert {"requests", "limits"} <= set(container["resources"]), name
        assert {"configMapRef": {"name": "tabletop"}} in container["envFrom"], name
        assert {"secretRef": {"name": "tabletop"}} in container["envFrom"], name
    assert by_name["Job", "tabletop-migrate"]["spec"]["template"]["spec"]["containers"][0]["command"] == [
        "tabletop", "migrate"]
    # The bots worker plays what the API pods queue (TABLETOP_BOTS=worker), at a lower priority.
    assert by_name["ConfigMap", "tabletop"]["data"]["TABLETOP_BOTS"] == "worker"
    assert by_name["Deployment", "tabletop-bots"]["spec"]["template"]["spec"]["containers"][0]["command"] == [
        "nice", "-n", "10", "tabletop", "bots", "run"]
    assert by_name["HorizontalPodAutoscaler", "tabletop-api"]["spec"]["scaleTargetRef"]["name"] == "tabletop-api"
    # The seat-token key is a file in the API pods only, where TABLETOP_SECRET_FILE points; its Secret
    # is made per cluster from a fresh key (no manifest carries one: it would be published).
    pod = by_name["Deployment", "tabletop-api"]["spec"]["template"]["spec"]
    key = next(v for v in pod["volumes"] if v["name"] == "key")
    assert key["secret"]["secretName"] == "tabletop-key"
    mount = next(m for m in pod["containers"][0]["volumeMounts"] if m["name"] == "key")
    assert {"name": "TABLETOP_SECRET_FILE", "value": mount["mountPath"] + "/secret.key"} in pod["containers"][0]["env"]


def test_the_config_map_and_secret_set_only_variables_the_service_reads_and_the_key_is_a_secret_file():
    known = set(re.findall(r'get\("(TABLETOP_[A-Z_]+)"', (ROOT / "api/config.py").read_text()))  # the one reader
    known |= {"WEB_CONCURRENCY", "WORKER_CONNECTIONS"}  # deploy/gunicorn.conf.py
    known |= {"PROMETHEUS_MULTIPROC_DIR"}  # api/metrics.py (prometheus-client reads it)
    by_name = {(doc["kind"], doc["metadata"]["name"]): doc for _, doc in documents()}
    config, secret = set(by_name["ConfigMap", "tabletop"]["data"]), set(by_name["Secret", "tabletop"]["stringData"])
    assert config <= known and secret <= known
    assert secret == {"TABLETOP_POSTGRES_PASSWORD"} and not config & secret
    assert not {"TABLETOP_SECRET", "TABLETOP_SECRET_FILE"} & config  # the key is a file of the API pods


def test_no_manifest_carries_the_seat_token_key_and_the_docs_generate_it():
    for where, doc in documents():
        assert doc["metadata"]["name"] != "tabletop-key", where
        assert not {"secret.key", "TABLETOP_SECRET", "TABLETOP_SIGNING_KEY"} & set(doc.get("stringData", {})), where
    make = "kubectl create secret generic tabletop-key"
    for text in ((ROOT / "deploy/k8s/secret.yaml").read_text(), (ROOT / "docs/operations.md").read_text()):
        command = text[text.index(make):].replace("\\\n#", "").split("\n")[0]  # its continuation lines joined
        assert "--from-literal=secret.key=\"$(python3 -c 'import secrets; print(secrets.token_hex(32))')\"" in command


def test_the_compose_file_validates_against_the_compose_specification():
    schema = json.loads((Path(__file__).parent / "schemas/compose-spec.json").read_text())
    compose = yaml.safe_load((ROOT / "deploy/compose.yaml").read_text())
    jsonschema.Draft7Validator(schema).validate(compose)
    assert {"postgres", "redis", "migrate", "api", "projections", "bots"} <= set(compose["services"])
    assert compose["services"]["bots"]["command"] == ["nice", "-n", "10", "tabletop", "bots", "run"]


def test_a_misspelt_field_fails_validation_so_the_checks_above_mean_something():
    doc = yaml.safe_load((ROOT / "deploy/k8s/api-pdb.yaml").read_text())
    doc["spec"]["minAvailabel"] = 1
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(doc, KUBERNETES, strict=True)
    schema = json.loads((Path(__file__).parent / "schemas/compose-spec.json").read_text())
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft7Validator(schema).validate({"services": {"api": {"imagee": "x"}}})
