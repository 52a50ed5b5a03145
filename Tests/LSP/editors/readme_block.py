"""Prints one code block of the "Language server" section of docs/editors.md: the first block
with the given info string after the paragraph that starts with the given bold title."""
import pathlib
import sys

page = (pathlib.Path(__file__).resolve().parents[3] / "docs" / "editors.md").read_text()
title, language = sys.argv[1], sys.argv[2]
section = page.split("\n## Language server\n", 1)[1].split("\n## ", 1)[0]
after = section.split(f"\n**{title}**", 1)
if len(after) != 2:
    sys.exit(f"docs/editors.md's Language server section has no **{title}** paragraph")
block = after[1].split(f"\n```{language}\n", 1)
if len(block) != 2:
    sys.exit(f"no ```{language} block after **{title}**")
sys.stdout.write(block[1].split("\n```\n", 1)[0] + "\n")
