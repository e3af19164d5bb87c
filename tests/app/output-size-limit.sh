#!/bin/sh
# Usage: output-size-limit.sh CLI DESIGN WORKDIR
# Fault injection without root: a file-size limit makes write(2) fail (EFBIG) part way, as a
# full disk does. Each output must fail with a message, keep the previous file, exit non-zero.
set -u
cli=$1; design=$2; work=$3
rm -rf "$work"; mkdir -p "$work"
status=0
check() { # name, command...
  name=$1; shift
  out="$work/$name"
  printf 'previous contents\n' > "$out"
  # Ignore SIGXFSZ so the write fails with EFBIG instead of killing the process; no byte fits.
  # Its stderr goes through a pipe: the limit applies to every regular file it writes.
  { ( trap '' XFSZ; ulimit -f 0; exec "$@" -o "$out" ); echo $? > "$work/rc"; } 2>&1 | cat > "$work/err"
  rc=$(cat "$work/rc")
  if [ $rc -eq 0 ]; then echo "FAIL $name: exit 0 under a zero file-size limit"; status=1; fi
  if ! grep -q "cannot write: File too large" "$work/err"; then
    echo "FAIL $name: no message:"; cat "$work/err"; status=1
  fi
  if [ "$(cat "$out")" != "previous contents" ]; then
    echo "FAIL $name: the previous file was changed"; status=1
  fi
  if ls -A "$work" | grep -q '\.cds-'; then echo "FAIL $name: a staged file was left"; status=1; fi
}
check bom.csv "$cli" bom "$design"
check slurm.conf "$cli" export "$design" --format slurm
check cabling.csv "$cli" export "$design" --format cabling-csv
check generated.cds.json "$cli" generate --gpus 16
[ $status -eq 0 ] && echo "ok: every output failed cleanly under a file-size limit"
exit $status
