#!/usr/bin/env bash
# Real-window screenshot of the studio on the example design, under Xvfb, for reviewers to
# look at (not compared pixel-exact). Usage: screenshot.sh STUDIO_BINARY DESIGN OUT_DIR
set -euo pipefail
studio=$1 design=$2 out=$3
mkdir -p "$out"
# A private home: no recovery prompt, settings or recent files from the user's session.
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
png="$out/$(basename "$design" .cds.json).png"
rm -f "$png"
HOME=$home XDG_CONFIG_HOME=$home/config XDG_DATA_HOME=$home/data XDG_RUNTIME_DIR=$home \
  QT_QPA_PLATFORM=xcb LC_ALL=C.UTF-8 \
  xvfb-run -a -s "-screen 0 1600x1000x24" "$studio" "$design" --screenshot "$png"
[ -s "$png" ] || { echo "screenshot.sh: no screenshot written to $png" >&2; exit 1; }
echo "screenshot: $png"
