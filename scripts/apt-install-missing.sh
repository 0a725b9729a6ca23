#!/usr/bin/env bash
# Installs the Debian packages a command needs, only those missing: each argument is
# `<command or absolute path>=<package>`, e.g. `pdftotext=poppler-utils`. One `apt-get update` and one
# install for all of them; nothing at all when every one is there. Used by `npm test` and `npm run bench`.
set -euo pipefail
missing=()
for need in "$@"; do
  have=${need%%=*}
  if [[ $have == /* ]]; then [ -x "$have" ] && continue; else command -v "$have" >/dev/null 2>&1 && continue; fi
  missing+=("${need#*=}")
done
[ ${#missing[@]} -eq 0 ] && exit 0
printf '== installing %s\n' "${missing[*]}"
apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
