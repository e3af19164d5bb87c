#!/usr/bin/env bash
# The `bench` target: the model and studio figures at 1,024 / 16,384 / 100,000 GPUs, each
# size in its own processes so that "peak memory" is that size's. Prints one line per figure.
# With CDS_BENCH_CLI set to cluster-studio-cli, also the exports (report PDF, NetBox bundle),
# each as one CLI run (read, analyse, write) with its peak memory, beside `stats` (read and
# analyse only) and Python's json.load of the same file: a reference to compare machines by.
# Usage: run-bench.sh BENCH_FABRIC BENCH_STUDIO OUT_DIR [GPUS...]
set -euo pipefail
fabric=$1 studio=$2 out=$3
shift 3
sizes=("$@")
# CDS_BENCH_SIZES="1024 16384 100000 500040" picks the sizes when none are given; from 400,000
# GPUs on, bench_fabric generates a GB300 NVL72 campus of 8 halls.
# shellcheck disable=SC2206
[ ${#sizes[@]} -eq 0 ] && sizes=(${CDS_BENCH_SIZES:-1024 16384 100000})
mkdir -p "$out"

# One timed run: prints "SECONDS PEAK_KIB" of COMMAND..., its output discarded.
timed() {
  local t
  t=$(mktemp)
  /usr/bin/time -f '%e %M' -o "$t" "$@" >/dev/null 2>&1 || { echo "failed: $*" >&2; rm -f "$t"; return 1; }
  tail -n 1 "$t"
  rm -f "$t"
}

exports() {
  local n=$1 file=$2 cli=$CDS_BENCH_CLI
  local py stats pdf nb
  py=$(timed python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$file")
  stats=$(timed "$cli" stats "$file" --json)
  pdf=$(timed "$cli" export "$file" --format pdf -o "$out/report-$n.pdf")
  rm -rf "$out/netbox-$n"
  nb=$(timed "$cli" export "$file" --format netbox -o "$out/netbox-$n")
  read -r pys _ <<<"$py"
  read -r ss sk <<<"$stats"
  read -r ps pk <<<"$pdf"
  read -r ns nk <<<"$nb"
  printf '%s GPUs: python3 json.load of the file %s s (reference)\n' "$n" "$pys"
  printf '%s GPUs: CLI stats (read and analyse) %s s, peak %d MiB\n' "$n" "$ss" $((sk / 1024))
  printf '%s GPUs: report PDF (CLI: read, analyse, write) %s s, peak %d MiB\n' "$n" "$ps" $((pk / 1024))
  printf '%s GPUs: NetBox export (CLI: read, analyse, write) %s s, peak %d MiB\n' "$n" "$ns" $((nk / 1024))
}

for n in "${sizes[@]}"; do
  "$fabric" --out "$out" "$n"
  "$studio" "$out/hall-$n.cds.json"
  if [ -n "${CDS_BENCH_CLI:-}" ]; then
    exports "$n" "$out/hall-$n.cds.json"
  fi
done
