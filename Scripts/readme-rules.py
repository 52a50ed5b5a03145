#!/usr/bin/env python3
"""Rewrites the rule index in docs/rules.md (between rules:begin and rules:end) from what the
built tablint says about its rules (`tablint rules --reporter json`), in its order.
ReadmeTests.testRuleTableListsEveryRule checks the result; run this after adding or changing a
rule: python3 Scripts/readme-rules.py [PATH-TO-TABLINT] (default: builds and uses the debug one)."""
import json, pathlib, subprocess, sys

root = pathlib.Path(__file__).resolve().parent.parent
if len(sys.argv) > 1:
    tablint = sys.argv[1]
else:
    subprocess.run(["swift", "build", "--product", "tablint"], cwd=root, check=True, stdout=sys.stderr)
    bin_path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=root, check=True, capture_output=True, text=True).stdout.strip()
    tablint = bin_path + "/tablint"
rules = json.loads(subprocess.run([tablint, "rules", "--reporter", "json"], check=True, capture_output=True, text=True).stdout)
rows = [f"| [`{r['code']}`](../Rules/{r['name']}.md) | {r['severity']} | {'yes' if r['fixable'] else 'no'} | {r['summary']} |\n" for r in rules]
table = "| Code | Severity | Fixable | Reports |\n|---|---|---|---|\n" + "".join(rows)
page = root / "docs" / "rules.md"
text = page.read_text()
begin, end = "<!-- rules:begin -->\n", "<!-- rules:end -->"
start = text.index(begin) + len(begin)
page.write_text(text[:start] + table + text[text.index(end):])
