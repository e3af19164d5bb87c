#!/usr/bin/env bash
# ./dev test --fuzz: builds the loaders with clang + libFuzzer + ASan/UBSan and fuzzes each for
# FUZZ_SECONDS (default 60). A crash is saved under tests/fuzz/regressions/<target>/, which the
# normal suite then replays; the run fails.
set -euo pipefail
root=$1; build=$2; seconds=${FUZZ_SECONDS:-60}
if [ ! -f "$build/build.ninja" ]; then
  CC=clang CXX=clang++ cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCDS_FUZZ=ON -DCDS_SANITIZE=ON -DCDS_BUILD_GUI=OFF
fi
cmake --build "$build" --parallel "$(nproc)" --target fuzz_design fuzz_catalog
status=0
for t in design catalog; do
  work=$(mktemp -d)
  cp "$root/tests/fuzz/corpus/$t"/* "$work/" 2>/dev/null || true
  # Every file a refusal test uses seeds the corpus too, so the corpus grows with those tests.
  if [ "$t" = design ]; then
    cp "$root"/tests/fixtures/hostile/*.cds.json "$work/" 2>/dev/null || true
  else
    cp "$root"/tests/fixtures/hostile/catalog-*.json "$work/" 2>/dev/null || true
  fi
  echo "fuzz: $t for ${seconds}s"
  if ! (cd "$build" && ASAN_OPTIONS=detect_leaks=1 "$build/tests/fuzz/fuzz_$t" "$work" \
        -dict="$root/tests/fuzz/dict/$t.dict" -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$root/tests/fuzz/regressions/$t/" -print_final_stats=1 2>&1 | tail -15); then
    echo "fuzz: $t FAILED; the input is in tests/fuzz/regressions/$t/"; status=1
  fi
  rm -rf "$work"
done
exit $status
