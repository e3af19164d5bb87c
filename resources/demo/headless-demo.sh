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
# Exports: the customer report and drawings (drawn offscreen), the hand-off files.
"$cli" export "$design" --format pdf -o "$out/report.pdf"
"$cli" export "$design" --format svg -o "$out/floorplan.svg"
"$cli" export "$design" --format svg --view racks -o "$out/racks.svg"
"$cli" export "$design" --format xlsx -o "$out/bom.xlsx"
"$cli" export "$design" --format cabling-csv -o "$out/cabling.csv"
"$cli" export "$design" --format slurm -o "$out/topology.conf"
"$cli" export "$design" --format netbox -o "$out/netbox"
"$cli" export "$design" --format slurm-yaml -o "$out/topology.yaml"
"$cli" export "$design" --format kubernetes -o "$out/kubernetes"
echo
echo "Wrote to $out:"
ls -1 "$out" | sed 's/^/  /'
