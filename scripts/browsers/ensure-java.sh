#!/usr/bin/env bash
# Make sure a Java runtime is there for the Nu Html Checker (vnu.jar, from the npm package
# vnu-jar), which the tests run on every built page and stylesheet (e2e/checkers/).
set -euo pipefail
if [ -n "${JAVA:-}" ] && [ -x "$JAVA" ]; then exit 0; fi
if command -v java >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's default-jre-headless (needed by the HTML and CSS checker)..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends default-jre-headless >/dev/null
  exit 0
fi
echo "Java not found: install it (Debian: apt-get install default-jre-headless) or set JAVA=/path/to/java" >&2
exit 1
