#!/usr/bin/env bash
# Make sure a Chromium is there for the browser tests and benchmarks.
# Playwright cannot download its own browser here, so we use Debian's package.
set -euo pipefail
if [ -n "${CHROMIUM:-}" ] && [ -x "$CHROMIUM" ]; then exit 0; fi
if command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium (needed by the browser tests)..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null
  exit 0
fi
echo "Chromium not found: install it (Debian: apt-get install chromium) or set CHROMIUM=/path/to/chrome" >&2
exit 1
