#!/usr/bin/env python3
"""Measures where the real swiftc stops checking a dispatcher that lists every pair.

For each count of states N, finds by bisection the most actions M for which
`switch (s, a) { case (.sI, .aJ): ... }` with one case per pair and no wildcard
type-checks; beyond it swiftc reports "unable to check that this switch is exhaustive
in reasonable time". `CatchAllSpelling.checkableLimits` keeps half of these numbers.

    Scripts/measure-switch-limit.py [N ...]      (default: 1 2 4 8 12 16 20 25 32 40 48 64 96)
"""
import os
import subprocess
import sys
import tempfile


def source(states, actions):
    lines = ["enum S { case " + ", ".join(f"s{i}" for i in range(states)) + " }"]
    lines.append("enum A { case " + ", ".join(f"a{j}" for j in range(actions)) + " }")
    lines.append("func step(_ s: S, _ a: A) -> Int {\n    switch (s, a) {")
    code = 0
    for i in range(states):
        for j in range(actions):
            lines.append(f"    case (.s{i}, .a{j}): return {code}")
            code += 1
    lines.append("    }\n}\n")
    return "\n".join(lines)


def checks(states, actions, folder):
    path = os.path.join(folder, "step.swift")
    with open(path, "w") as file:
        file.write(source(states, actions))
    result = subprocess.run(["swiftc", "-typecheck", path], capture_output=True, text=True)
    if result.returncode != 0 and "reasonable time" not in result.stderr:
        sys.exit("swiftc failed otherwise:\n" + result.stderr[:2000])
    return result.returncode == 0


def most_actions(states, folder, ceiling=1024):
    low, high = 0, ceiling
    while low < high:
        middle = (low + high + 1) // 2
        if checks(states, middle, folder):
            low = middle
        else:
            high = middle - 1
    return low


def main():
    counts = [int(word) for word in sys.argv[1:]] or [1, 2, 4, 8, 12, 16, 20, 25, 32, 40, 48, 64, 96]
    print(subprocess.run(["swiftc", "--version"], capture_output=True, text=True).stdout.strip().splitlines()[0])
    with tempfile.TemporaryDirectory() as folder:
        for states in counts:
            actions = most_actions(states, folder, ceiling=1024 if states < 8 else 256 if states < 32 else 32)
            print(f"{states} states: at most {actions} actions ({states * actions} pairs)", flush=True)


if __name__ == "__main__":
    main()
