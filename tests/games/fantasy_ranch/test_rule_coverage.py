"""Every numbered rule of the spec, lettered sub-rules included (FR-R150b), is cited by a test that
exercises it (name or docstring). Citing a sub-rule cites its parent rule too."""

from __future__ import annotations

import ast
import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
SPEC = HERE.parents[2] / "docs" / "rules" / "fantasy_ranch.md"


def cited_rules() -> set[str]:
    """Rule ids found in the source of test functions of this package (not in helpers)."""
    cited: set[str] = set()
    for path in HERE.glob("test_*.py"):
        if path.name == Path(__file__).name:
            continue
        source = path.read_text()
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                text = ast.get_source_segment(source, node) or ""
                cited |= set(re.findall(RULE, text))
                cited |= {f"FR-R{int(n):03d}{letter}" for n, letter in re.findall(r"fr_r(\d+)([a-z]?)(?![a-z])", node.name)}
    return cited | {rule.rstrip("abcdefghijklmnopqrstuvwxyz") for rule in cited}


#: A rule id, with its sub-rule letter when it has one (FR-R093, FR-R093b).
RULE = r"FR-R\d+[a-z]?(?![a-z])"


def test_every_rule_id_of_the_spec_is_cited_by_a_test():
    rules = set(re.findall(RULE, SPEC.read_text()))
    assert len(rules) > 100  # the spec really was read
    assert {"FR-R093b", "FR-R150b", "FR-R201a"} <= rules  # lettered ids are counted
    missing = sorted(rules - cited_rules())
    assert not missing, f"rules cited by no test: {', '.join(missing)}"
