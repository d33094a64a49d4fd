#!/usr/bin/env bash
# System packages the test suite needs: redis-server (the Upstash adapter's
# contract tests run against a real Redis) and Chromium (browser tests).
# Installs them with apt-get when running as root; otherwise prints what to
# install. Under CI=true a missing package is an error, never a skip.
set -euo pipefail

missing=()
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
[ -x /usr/bin/chromium ] || missing+=(chromium)

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: redis-server and chromium are present"
  exit 0
fi

if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "setup: installing ${missing[*]} with apt-get"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq || true
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  exit 0
fi

echo "setup: missing system packages: ${missing[*]}" >&2
echo "setup: install them with: sudo apt-get install -y ${missing[*]}" >&2
if [ "${CI:-}" = "true" ]; then exit 1; fi
exit 1
