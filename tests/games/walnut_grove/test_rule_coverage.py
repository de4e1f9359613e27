"""Every numbered rule of the spec is cited by a test that exercises it.

Rule ids are collected from ``docs/rules/walnut_grove.md`` (commands ``WG-R``, plus setup
``WG-SU``, structure ``WG-G``, automatic steps ``WG-A``, hidden information ``WG-H`` and end
``WG-E``); a citation counts only inside the source of a ``test_`` function of this package
(its name, docstring or body), not in helpers or comments elsewhere.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

HERE = Path(__file__).parent
SPEC = HERE.parents[2] / "docs" / "rules" / "walnut_grove.md"
RULE = re.compile(r"WG-(?:R|SU|G|A|H|E)\d+")


def _normal(rule_id: str) -> str:
    return rule_id.upper().replace("_", "-")


def spec_rules() -> set[str]:
    return set(RULE.findall(SPEC.read_text(encoding="utf-8")))


def cited_rules() -> set[str]:
    cited = set()
    for path in HERE.glob("test_*.py"):
        source = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                text = ast.get_source_segment(source, node) or ""
                cited |= set(RULE.findall(text))
                # test names cite rules as ``test_wg_r17_...`` / ``test_wg_su03_...``
                cited |= {_normal(f"WG-{m}") for m in re.findall(r"wg_((?:r|su|g|a|h|e)\d+)", node.name)}
    return cited


def test_the_spec_has_rules_to_cover():
    rules = spec_rules()
    assert {"WG-R01", "WG-R90", "WG-SU01", "WG-A11", "WG-H11", "WG-E06"} <= rules


def test_every_rule_id_is_cited_by_a_test():
    missing = sorted(
        spec_rules() - cited_rules(), key=lambda r: (re.sub(r"\d", "", r), int(re.sub(r"\D", "", r)))
    )
    assert not missing, f"rules no test cites: {', '.join(missing)}"
