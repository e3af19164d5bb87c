#!/usr/bin/env bash
# The headless demo: what the studio computes, written to a folder, no display needed.
# Usage: headless-demo.sh CLI DESIGN OUTDIR
set -uo pipefail
cli=$1; design=$2; out=$3
mkdir -p "$out"
echo "Design: $design"
"$cli" validate "$design" | tee "$out/findings.txt"
"$cli" validate "$design" --json > "$out/findings.json"
"$cli" stats "$design" | tee "$out/stats.txt"
"$cli" stats "$design" --json > "$out/stats.json"
"$cli" bom "$design" --format csv -o "$out/bom.csv"
"$cli" bom "$design" --format json -o "$out/bom.json"
echo
echo "Wrote to $out:"
ls -1 "$out" | sed 's/^/  /'
