"""Every numbered rule of the specification is cited by a test that exercises it.

Reads ``docs/rules/homesteaders.md``, collects every ``HS-R<n>`` id and fails listing the ids
that no test function of this package cites (in its name, docstring or body).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
SPEC = HERE.parents[2] / "docs" / "rules" / "homesteaders.md"
RULE = re.compile(r"HS-R\d+")
#: Automatic steps, setup, hidden information and end-of-game rules are numbered too; they must be
#: cited as well (ranges such as "HS-A20–HS-A25" cite only their two ends).
OTHER = re.compile(r"HS-(?:A|E|H|SET-)\d+")


def spec_rule_ids() -> set[str]:
    return set(RULE.findall(SPEC.read_text(encoding="utf-8")))


def cited_rule_ids(pattern: re.Pattern = RULE) -> set[str]:
    cited: set[str] = set()
    for path in HERE.glob("test_*.py"):
        if path.name == Path(__file__).name:
            continue
        source = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                text = ast.get_source_segment(source, node) or ""
                cited |= set(pattern.findall(text))
                cited |= {f"HS-R{m}" for m in re.findall(r"test_hs_r(\d+)_", node.name)}
    return cited


def test_the_spec_has_rules_to_cover():
    assert len(spec_rule_ids()) >= 40


def test_every_rule_id_is_cited_by_a_test():
    missing = sorted(spec_rule_ids() - cited_rule_ids(), key=lambda r: int(r[4:]))
    assert not missing, f"rules cited by no test: {', '.join(missing)}"


def test_every_automatic_setup_hidden_and_end_rule_is_cited_too():
    spec = set(OTHER.findall(SPEC.read_text(encoding="utf-8")))
    missing = sorted(spec - cited_rule_ids(OTHER))
    assert not missing, f"rules cited by no test: {', '.join(missing)}"
