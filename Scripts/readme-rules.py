#!/usr/bin/env python3
"""Rewrites the rule table in README.md (between rules:begin and rules:end) from the rule
sources, in RuleRegistry order. ReadmeTests checks the result; run this after adding a rule."""
import pathlib, re

root = pathlib.Path(__file__).resolve().parent.parent
rules_dir = root / "Sources/TablintKit/Rules"
registry = (rules_dir / "RuleRegistry.swift").read_text()
names = re.findall(r"^\s+(\w+)\(\),$", registry, re.M)
rows = []
for name in names:
    source = next(p for p in rules_dir.glob("*.swift") if re.search(rf"struct {name}\b", p.read_text())).read_text()
    code = re.search(r'code = "([^"]+)"', source)
    code = code.group(1) if code else None
    if code is None:  # the code comes from a reader's constant
        constant = re.search(r"code = (\w+)\.(\w+)", source)
        reader = next((root / "Sources/TablintKit/Reading").glob(f"{constant.group(1)}.swift")).read_text()
        code = re.search(rf'{constant.group(2)} = "([^"]+)"', reader).group(1)
    severity = re.search(r"defaultSeverity = Severity\.(\w+)", source).group(1)
    summary = re.search(r'summary = "((?:[^"\\]|\\.)*)"', source).group(1)
    rows.append(f"| `{code}` | {severity} | {summary} |\n")
table = "| Code | Severity | Reports |\n|---|---|---|\n" + "".join(rows)
readme = root / "README.md"
text = readme.read_text()
begin, end = "<!-- rules:begin -->\n", "<!-- rules:end -->"
start = text.index(begin) + len(begin)
text = text[:start] + table + text[text.index(end):]
readme.write_text(text)
