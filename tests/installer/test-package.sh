#!/usr/bin/env bash
# Installs the .deb into a temporary root (dpkg -x) and runs the installed CLI on the installed
# example; checks the package's dependencies, desktop files, icons and the .tar.gz.
# Usage: test-package.sh BUILD_DIR [PACKAGE.deb]   (no .deb: cpack builds one from BUILD_DIR)
set -euo pipefail
build=$1; deb=${2:-}
for tool in dpkg-deb cpack; do
  command -v "$tool" >/dev/null || { echo "SKIP: $tool not installed"; exit 77; }
done
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

if [ -z "$deb" ]; then
  (cd "$build" && cpack -G "DEB;TGZ" -B "$tmp/pkg" >"$tmp/cpack.log" 2>&1) || { cat "$tmp/cpack.log"; fail "cpack"; }
  deb=$(ls "$tmp"/pkg/*.deb | head -1)
  tgz=$(ls "$tmp"/pkg/*.tar.gz | head -1)
else
  tgz=$(ls "$(dirname "$deb")"/*.tar.gz 2>/dev/null | head -1 || true)
fi
[ -f "$deb" ] || fail "no .deb produced"
echo "package: $(basename "$deb")"

# Dependencies: the Qt 6 and QCustomPlot runtime packages, by their Debian names.
depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
for p in libqt6core6 libqt6gui6 libqt6widgets6 libqt6svg6 libqt6charts6 libqt6printsupport6 \
         libqcustomplot2.1-qt6 libxlsxwriter4; do
  grep -qE "(^|, )$p( |,|$)" <<<"$depends" || fail "Depends lacks $p"
done
for p in $(grep -oE '(^|, )[a-z0-9.+-]+' <<<"$depends" | sed 's/^, //' | sort -u); do
  if command -v apt-cache >/dev/null && ! apt-cache show "$p" >/dev/null 2>&1; then
    fail "Depends names $p, which apt does not know"
  fi
done

root=$tmp/root
dpkg-deb -x "$deb" "$root"
share=$root/usr/share
for f in usr/bin/cluster-studio-cli usr/bin/cluster-studio \
         usr/share/cluster-design-studio/catalogs/servers.json \
         usr/share/cluster-design-studio/examples/two-dgx-h100.cds.json \
         usr/share/applications/io.github.clusterdesignstudio.Studio.desktop \
         usr/share/mime/packages/cluster-design-studio.xml \
         usr/share/metainfo/io.github.clusterdesignstudio.Studio.metainfo.xml \
         usr/share/icons/hicolor/scalable/apps/cluster-design-studio.svg; do
  [ -e "$root/$f" ] || fail "$f is not in the package"
done
for s in 16 24 32 48 64 128 256 512; do
  png=$share/icons/hicolor/${s}x${s}/apps/cluster-design-studio.png
  [ -f "$png" ] || fail "no ${s}x${s} icon"
  if command -v file >/dev/null; then
    file "$png" | grep -q "$s x $s" || fail "$png is not ${s}x${s}: $(file "$png")"
  fi
done

# The installed CLI finds the installed catalogs (<exe>/../share/cluster-design-studio): a
# marker entry that exists only in the temporary root proves which folder it read.
sed 's/"id": "amd-mi300x-8gpu"/"id": "zz-installed-root-marker"/' \
  "$share/cluster-design-studio/catalogs/servers.json" > "$share/cluster-design-studio/catalogs/zz-marker.json"
cli=$root/usr/bin/cluster-studio-cli
run() { env -u CDS_CATALOG_DIR CDS_USER_CATALOG_DIR="$tmp/no-user" HOME="$tmp" "$cli" "$@"; }
# (Outputs are captured first: grep -q closing a pipe early would fail the pipeline.)
version=$(run --version) || fail "--version exits $?"
grep -q "^cluster-studio-cli [0-9]" <<<"$version" || fail "--version prints '$version'"
run validate "$share/cluster-design-studio/examples/two-dgx-h100.cds.json" || fail "validate on the installed example"
items=$(run catalog list --json) || fail "catalog list"
grep -q '"zz-installed-root-marker"' <<<"$items" || fail "the installed catalogs are not found"

# Desktop integration files validate where the validators are installed.
if command -v desktop-file-validate >/dev/null; then
  desktop-file-validate "$share/applications/io.github.clusterdesignstudio.Studio.desktop" || fail "desktop file"
fi
if command -v appstreamcli >/dev/null; then
  appstreamcli validate --no-net "$share/metainfo/io.github.clusterdesignstudio.Studio.metainfo.xml" || fail "metainfo"
fi
mime=$share/mime/packages/cluster-design-studio.xml
grep -q '<glob pattern="\*.cds.json"' "$mime" || fail "MIME type lacks *.cds.json"
grep -q '<sub-class-of type="application/json"/>' "$mime" || fail "MIME type is not a sub-class of JSON"
if grep -q 'pattern="\*.json"' "$mime"; then fail "MIME type claims plain *.json"; fi
if command -v update-mime-database >/dev/null; then
  update-mime-database "$share/mime" >/dev/null 2>&1 || fail "update-mime-database"
fi

if [ -n "${tgz:-}" ]; then
  listing=$(tar -tzf "$tgz")
  grep -q "/bin/cluster-studio-cli$" <<<"$listing" || fail ".tar.gz lacks bin/cluster-studio-cli"
  echo "tarball: $(basename "$tgz")"
fi
echo "package ok"
