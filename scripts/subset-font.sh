#!/usr/bin/env bash
# Regenerates public/fonts/inter-latin-wght-400-700.woff2, the site's only
# web font, from Inter's Latin variable file (the one @fontsource-variable/inter
# ships, kept in git history at f6ff2dd:public/fonts/inter-latin-wght-normal.woff2):
# weights 400-700 (the CSS uses 400, 450, 500, 600, 700; 800/900 fall back
# to 700), the Latin-1 range plus the punctuation the pages use, and the
# kern, liga and calt features. 48 KB becomes 25 KB, which every page view
# downloads before its text can be final (Lighthouse counts it in LCP).
#
# Needs fontTools with brotli (Debian: apt-get install python3-fonttools python3-brotli).
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git show f6ff2dd:public/fonts/inter-latin-wght-normal.woff2 >"$work/inter.woff2"
python3 - "$work/inter.woff2" "$work/inter-400-700.ttf" <<'PY'
import sys
from fontTools.ttLib import TTFont
from fontTools.varLib import instancer
font = instancer.instantiateVariableFont(TTFont(sys.argv[1]), {"wght": (400, 700)})
font.flavor = None
font.save(sys.argv[2])
PY
python3 -m fontTools.subset "$work/inter-400-700.ttf" \
  --unicodes="U+0020-007E,U+00A0-00FF,U+2013-2014,U+2018-201E,U+2022,U+2026,U+2039-203A,U+20AC,U+2122,U+2190-2193,U+2212" \
  --layout-features="kern,liga,calt" --flavor=woff2 \
  --output-file=public/fonts/inter-latin-wght-400-700.woff2
ls -l public/fonts/inter-latin-wght-400-700.woff2
