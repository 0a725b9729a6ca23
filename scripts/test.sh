#!/usr/bin/env bash
# `npm test`: every check, in the order that fails fastest. Installs the npm dependencies when needed
# (as `npm start` does) and the system packages the tests need (Debian chromium-headless-shell for
# browser tests, Java 17 for DynamoDB Local, poppler-utils for the invoice PDF test) when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
step() { printf '\n== %s (%ss)\n' "$1" "$(($(date +%s) - start))"; }

# On a Node older than engines.node: what to do, not a stack trace (`source scripts/use-node.sh`).
node scripts/node-version.mjs 'npm test'
# A fresh clone needs no separate install: the same check as `npm start` (npm ci when node_modules is
# missing or older than package-lock.json). CI runs `npm ci` first, so this finds nothing to do there.
node scripts/ensure-install.mjs 'npm test'

# The browser tests run in Chromium's headless shell (test/playwright.config.ts); the invoice PDF test
# reads its files back with poppler's pdftotext. (The full Chromium is the bench's: `npm run bench`.)
bash scripts/apt-install-missing.sh \
  "${CHROMIUM_HEADLESS_SHELL_PATH:-/usr/bin/chromium-headless-shell}=chromium-headless-shell" \
  java=openjdk-17-jre-headless pdftotext=poppler-utils

rm -rf test-results && mkdir -p test-results
# The type check and ESLint each keep one core busy: side by side, ESLint's output after the type check's.
step "typecheck, lint and format"
npx tsc -b >test-results/typecheck.log 2>&1 &
typecheck=$!
lint_ok=0
npx eslint . --max-warnings 0 >test-results/lint.log 2>&1 || lint_ok=$?
typecheck_ok=0
wait "$typecheck" || typecheck_ok=$?
cat test-results/typecheck.log test-results/lint.log
[ "$typecheck_ok" -eq 0 ] && [ "$lint_ok" -eq 0 ] || exit 1
npx prettier --check . >/dev/null || { npx prettier --list-different .; exit 1; }
step "unit tests"
npx vitest run --project unit --project unit-isolated --project web --project web-isolated --reporter=default --reporter=json --outputFile.json=test-results/unit.json
step "build web"
npm run build -w web --silent
step "integration and browser tests against a fresh local stack"
npx tsx test/run-with-stack.ts
step done
node scripts/summarize-tests.mjs
