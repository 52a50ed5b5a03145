#!/usr/bin/env python3
"""Aligns the triggering examples of Rules/*.md with `tablint --fix` and rewrites the
`text diagnostics` block after each with what tablint then prints. For when a rule that
fires on many examples (such as tablint::alignment) is added, or a branch adding documents
is merged. Run `swift build` first; review the diff: every change must be whitespace inside
a matrix, or a diagnostics line you can explain. Rules/alignment.md and
Rules/format-ignore-directive.md are skipped: their triggering examples are what --fix
changes, on purpose. Examples are linted as Example.swift unless they say path=."""
import glob, pathlib, re, subprocess

root = pathlib.Path(__file__).resolve().parent.parent
B = str(root / ".build/debug/tablint")
def run(args, text):
    p = subprocess.run([B] + args, input=text.encode(), capture_output=True)
    return p.stdout.decode()
for doc in sorted(glob.glob(str(root / 'Rules/*.md'))):
    if doc.endswith('/alignment.md') or doc.endswith('/format-ignore-directive.md'):
        continue  # their triggering examples are what --fix changes, on purpose
    lines = open(doc).read().split('\n')
    out = []; i = 0; changed = False
    while i < len(lines):
        m = re.match(r'^(`{3,})swift triggers(.*)$', lines[i])
        if not m or 'bytes=escaped' in m.group(2):
            out.append(lines[i]); i += 1; continue
        fence = m.group(1)
        pm = re.search(r'path=(\S+)', m.group(2))
        name = pm.group(1) if pm else 'Example.swift'
        j = i + 1
        while lines[j] != fence: j += 1
        body = lines[i+1:j]
        text = ''.join(l + '\n' for l in body)
        fixed = run(['--fix', '--stdin-filename', name, '-'], text)
        if fixed and fixed != text:
            body = fixed[:-1].split('\n') if fixed.endswith('\n') else fixed.split('\n')
            changed = True
        new_text = ''.join(l + '\n' for l in body)
        out.append(lines[i]); out += body; out.append(fence)
        i = j + 1
        # blank lines then the diagnostics block
        k = i
        while k < len(lines) and lines[k] == '': k += 1
        dm = re.match(r'^(`{3,})text diagnostics\s*$', lines[k]) if k < len(lines) else None
        if dm:
            out += lines[i:k+1]
            e = k + 1
            while lines[e] != dm.group(1): e += 1
            diag = run(['--stdin-filename', name, '-'], new_text).rstrip('\n')
            old = '\n'.join(lines[k+1:e])
            if diag != old: changed = True
            out += diag.split('\n') if diag else []
            out.append(dm.group(1))
            i = e + 1
    if changed:
        open(doc, 'w').write('\n'.join(out))
        print('updated', doc)
