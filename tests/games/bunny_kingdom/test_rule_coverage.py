"""Every numbered rule of the spec is cited by at least one test that exercises it."""

from __future__ import annotations

import ast
import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
SPEC = HERE.parents[2] / "docs" / "rules" / "bunny_kingdom.md"
RULE = re.compile(r"BK-R\d+")


def cited_rules() -> set[str]:
    """Rule ids cited in the source (name, docstring, body) of every test function here."""
    cited: set[str] = set()
    for path in HERE.glob("test_*.py"):
        if path.name == Path(__file__).name:
            continue
        source = path.read_text()
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                text = ast.get_source_segment(source, node) or ""
                cited |= set(RULE.findall(text))
                if node.name.startswith("test_bk_r"):
                    cited |= {f"BK-R{m}" for m in re.findall(r"_r(\d+)", node.name)}
    return cited


def test_every_rule_id_is_cited_by_a_test():
    rules = set(RULE.findall(SPEC.read_text()))
    assert len(rules) > 100, "the spec should have been found and read"
    missing = sorted(rules - cited_rules(), key=lambda r: int(r[4:]))
    assert not missing, f"rules cited by no test: {', '.join(missing)}"
