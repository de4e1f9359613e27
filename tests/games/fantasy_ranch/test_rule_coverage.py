"""Every numbered rule of the spec is cited by a test that exercises it (name or docstring)."""

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
                cited |= set(re.findall(r"FR-R\d+", text))
                cited |= {f"FR-R{int(n):03d}" for n in re.findall(r"fr_r(\d+)", node.name)}
    return cited


def test_every_rule_id_of_the_spec_is_cited_by_a_test():
    rules = set(re.findall(r"FR-R\d+", SPEC.read_text()))
    assert len(rules) > 100  # the spec really was read
    missing = sorted(rules - cited_rules())
    assert not missing, f"rules cited by no test: {', '.join(missing)}"
