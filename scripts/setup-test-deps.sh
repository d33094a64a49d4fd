#!/usr/bin/env bash
# System packages the test suite needs: redis-server (the Upstash adapter's
# contract tests run against a real Redis), python3 with dnspython (a DNS
# library reads the printed DNS records) and a Chromium (browser tests),
# found by the one lookup in scripts/find-chromium.mjs ($CHROMIUM_PATH,
# $CHROME_PATH, Playwright's own Chromium, /usr/bin/chromium, the macOS apps).
#
# As root on Debian/Ubuntu (apt-get) it installs what is missing. Otherwise
# it prints the install command for this platform (macOS: Homebrew;
# Debian/Ubuntu: sudo apt-get) and exits 1. A missing package is always a
# failure, never a skip, and so under CI=true too.
set -euo pipefail
cd "$(dirname "$0")/.."

# Sets chromium (the path) or chromium_error (why not) and chromium_status
# (0 found, 1 none, 2 CHROMIUM_PATH/CHROME_PATH names no executable file).
find_chromium() {
  chromium='' chromium_error='' chromium_status=0
  local errfile
  errfile=$(mktemp "${TMPDIR:-/tmp}/find-chromium.XXXXXX")
  chromium=$(node scripts/find-chromium.mjs --no-advice 2>"$errfile") || chromium_status=$?
  chromium_error=$(cat "$errfile")
  rm -f "$errfile"
}

have_redis() { command -v redis-server >/dev/null 2>&1; }
have_dnspython() { node scripts/find-dnspython.mjs >/dev/null 2>&1; }

# The real-server tests give each file its own client (one rate-limit window
# each) by sending from its own loopback address, 127.0.0.2–127.0.0.127.
# Linux answers on all of 127/8; macOS has only 127.0.0.1 until aliases are added.
loopback_ready() {
  node -e "const s=require('net').createServer();s.on('error',()=>process.exit(1));s.listen(0,'127.0.0.127',()=>s.close())" 2>/dev/null
}
if ! loopback_ready; then
  {
    echo "setup: the real-server tests send from loopback addresses 127.0.0.2–127.0.0.127, which this machine does not have."
    if [ "$(uname -s)" = Darwin ]; then
      echo "setup: add them (until the next reboot) with:"
      echo "  sudo sh -c 'for i in \$(seq 2 127); do ifconfig lo0 alias 127.0.0.\$i up; done'"
    else
      echo "setup: add them to the loopback interface, e.g.: sudo ip addr add 127.0.0.0/8 dev lo"
    fi
  } >&2
  exit 1
fi

find_chromium
if [ "$chromium_status" = 2 ]; then
  # An explicit choice that is wrong: installing a package would not fix it.
  echo "setup: $chromium_error" >&2
  exit 1
fi

missing=() # Debian package names
have_redis || missing+=(redis-server)
have_dnspython || missing+=(python3-dnspython)
[ "$chromium_status" = 0 ] || missing+=(chromium)

present() {
  echo "setup: redis-server ($(command -v redis-server)), python3 with dnspython ($(node scripts/find-dnspython.mjs)) and Chromium ($chromium) are present"
}
if [ ${#missing[@]} -eq 0 ]; then
  present
  exit 0
fi

os=$(uname -s)
if [ "$os" = Linux ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "setup: installing ${missing[*]} with apt-get"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq || true
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  find_chromium
  if ! have_redis || ! have_dnspython || [ "$chromium_status" != 0 ]; then
    echo "setup: apt-get install ${missing[*]} succeeded, but the packages are still not found${chromium_error:+:}" >&2
    [ -z "$chromium_error" ] || echo "$chromium_error" >&2
    exit 1
  fi
  present
  exit 0
fi

{
  echo "setup: missing for the tests: ${missing[*]}"
  [ -z "$chromium_error" ] || echo "$chromium_error" | sed 's/^/setup:   /'
  echo "setup: install them with:"
  case "$os" in
    Darwin)
      if ! have_redis; then echo "  brew install redis"; fi
      if ! have_dnspython; then echo "  python3 -m pip install --user dnspython"; fi
      if [ "$chromium_status" != 0 ]; then
        echo "  brew install --cask chromium"
        echo "setup: or use a Chrome you already have: export CHROMIUM_PATH=/path/to/chrome"
        echo "setup: (or Playwright's own: npx playwright install chromium)"
      fi
      ;;
    *)
      if command -v apt-get >/dev/null 2>&1; then
        echo "  sudo apt-get install -y ${missing[*]}"
        if [ "$chromium_status" != 0 ]; then
          echo "setup: or point CHROMIUM_PATH at a Chromium or Chrome binary you already have"
        fi
      else
        have_redis || echo "  - redis-server 7 (Redis) on PATH"
        have_dnspython || echo "  - python3 with dnspython 2 (python3 -m pip install --user dnspython)"
        if [ "$chromium_status" != 0 ]; then
          echo "  - a Chromium or Google Chrome; set CHROMIUM_PATH to its binary unless it is /usr/bin/chromium"
        fi
        echo "setup: (this platform, $os without apt-get, is not set up automatically)"
      fi
      ;;
  esac
  if [ "${CI:-}" = true ]; then
    echo "setup: CI=true: the tests never skip a missing package; install them in the CI image"
  fi
} >&2
exit 1
