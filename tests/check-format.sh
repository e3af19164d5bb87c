#!/usr/bin/env bash
# Checks that the C++ sources (tracked, or new and not ignored) match .clang-format, and that
# every text file ends with a newline and has no trailing whitespace (.editorconfig).
set -euo pipefail
root=$1; cf=$2
cd "$root"
files=$(git ls-files --cached --others --exclude-standard '*.cpp' '*.h' 2>/dev/null || find app model views tests -name '*.cpp' -o -name '*.h')
status=0
if [ -n "$files" ]; then
  if ! echo "$files" | xargs "$cf" --dry-run --Werror 2> /tmp/cds-format.$$; then
    head -40 /tmp/cds-format.$$; echo "format: run ./dev format"; status=1
  fi
  rm -f /tmp/cds-format.$$
fi
for f in $(git ls-files '*.cpp' '*.h' '*.cmake' 'CMakeLists.txt' '*.json' '*.md' '*.sh' dev .ci/run 2>/dev/null); do
  [ -s "$f" ] || continue
  if [ "$(tail -c1 "$f" | od -An -c | tr -d ' ')" != '\n' ]; then echo "$f: no newline at end of file"; status=1; fi
  if grep -nE '[[:blank:]]+$' "$f" | head -3 | grep -q .; then echo "$f: trailing whitespace:"; grep -nE '[[:blank:]]+$' "$f" | head -3; status=1; fi
done
[ $status -eq 0 ] && echo "format ok"
exit $status
