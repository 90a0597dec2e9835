#!/usr/bin/env bash
# Make sure a Chromium is there for the browser tests and benchmarks, with fonts for every
# language the pages are written in: the pages use the system's fonts (no web font), so a
# machine without a Chinese or an Arabic font would draw their letters as boxes.
# Playwright cannot download its own browser here, so we use Debian's package.
# The smallest Debian fonts that cover them: fonts-dejavu-core (Latin, Arabic; 3 MB
# installed) and fonts-wqy-microhei (Simplified Chinese; 5 MB, against 91 MB for Noto CJK).
set -euo pipefail
FONTS="fonts-dejavu-core fonts-wqy-microhei"

have_chromium() {
  { [ -n "${CHROMIUM:-}" ] && [ -x "$CHROMIUM" ]; } ||
    command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ]
}
# Whether fontconfig (which Chromium asks) has a font for each language the site is in.
have_fonts() {
  command -v fc-list >/dev/null 2>&1 || return 1
  local lang
  for lang in en ar zh-cn; do
    [ -n "$(fc-list ":lang=$lang" family)" ] || return 1
  done
}

if have_chromium && have_fonts; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  packages="$FONTS fontconfig"
  have_chromium || packages="chromium $packages"
  echo "Installing $packages (needed by the browser tests)..."
  apt-get update -qq
  # shellcheck disable=SC2086  # one word a package
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $packages >/dev/null
  exit 0
fi
if ! have_chromium; then
  echo "Chromium not found: install it (Debian: apt-get install chromium) or set CHROMIUM=/path/to/chrome" >&2
  exit 1
fi
echo "No font for Arabic or Chinese: install one (Debian: apt-get install $FONTS);" \
  "the browser tests of those languages would see boxes" >&2
exit 1
