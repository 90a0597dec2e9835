#!/usr/bin/env bash
# Make sure WebKit and Firefox are there for the cross-engine tests and benchmark
# (scripts/browsers/engines.py): Debian's WebKitGTK WebDriver (its MiniBrowser needs a display, so
# Xvfb too) and Firefox ESR, which speaks WebDriver BiDi itself.
set -euo pipefail
if [ -x /usr/bin/WebKitWebDriver ] && [ -x /usr/bin/firefox-esr ] && command -v Xvfb >/dev/null 2>&1; then
  exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's webkit2gtk-driver, firefox-esr and xvfb (needed by the cross-engine tests)..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    webkit2gtk-driver firefox-esr xvfb fonts-dejavu-core >/dev/null
  exit 0
fi
echo "WebKit or Firefox not found: install them (Debian: apt-get install webkit2gtk-driver firefox-esr xvfb)" >&2
exit 1
