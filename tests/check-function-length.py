#!/usr/bin/env python3
"""Fails when a function under the given folders is longer than LIMIT lines.

Usage: check-function-length.py LIMIT FOLDER...
A function is a definition that starts at column 0 and ends at the next '}' at column 0, as
clang-format lays them out here. The README's Architecture section states the habit: a
function that grew past 80 lines twice is split before a third feature lands in it.
"""
import re, sys, pathlib
limit = int(sys.argv[1]); roots = sys.argv[2:]
bad = 0
for root in roots:
    for p in sorted(pathlib.Path(root).rglob('*.cpp')) + sorted(pathlib.Path(root).rglob('*.h')):
        lines = p.read_text(errors='replace').split('\n')
        start = None; name = None
        for i, l in enumerate(lines):
            if start is None and re.match(r'^[A-Za-z~].*[)A-Za-z>]\s*(const)?\s*(override)?\s*(noexcept)?\s*\{\s*$', l) and not re.match(r'^(namespace|struct|class|enum|union|extern)\b', l):
                start = i; name = l.strip()[:90]
            elif start is None and re.match(r'^[A-Za-z~].*\($', l) and not l.startswith(('namespace','struct','class')):
                start = i; name = l.strip()[:90]
            elif start is not None and l.startswith('}'):
                n = i - start + 1
                if n > limit:
                    print(f"{p}:{start+1}: {n} lines (limit {limit}): {name}")
                    bad += 1
                start = None
if bad:
    print(f"{bad} function(s) over {limit} lines: split them")
    sys.exit(1)
print(f"function length ok: none over {limit} lines")
