#!/usr/bin/env bash
# The `bench` target: the model and studio figures at 1,024 / 16,384 / 100,000 GPUs, each
# size in its own processes so that "peak memory" is that size's. Prints one line per figure.
# Usage: run-bench.sh BENCH_FABRIC BENCH_STUDIO OUT_DIR [GPUS...]
set -euo pipefail
fabric=$1 studio=$2 out=$3
shift 3
sizes=("$@")
[ ${#sizes[@]} -eq 0 ] && sizes=(1024 16384 100000)
mkdir -p "$out"
for n in "${sizes[@]}"; do
  "$fabric" --out "$out" "$n"
  "$studio" "$out/hall-$n.cds.json"
done
