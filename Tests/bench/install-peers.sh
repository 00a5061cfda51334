#!/usr/bin/env bash
# Installs the tools the benchmark compares dayplan against:
#   cmark (the C reference CommonMark parser) from Debian,
#   pymarkdownlnt (pymarkdown scan) and mdformat from PyPI, into a venv under .build/.
# Run as root (or with sudo for apt-get). Safe to run again.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
venv="$root/.build/bench-venv"

if ! command -v cmark >/dev/null 2>&1; then
    sudo=""
    if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
    $sudo apt-get update
    $sudo apt-get install -y cmark
fi

if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --upgrade pymarkdownlnt mdformat

echo "cmark:       $(command -v cmark) ($(cmark --version | head -n 1))"
echo "pymarkdown:  $venv/bin/pymarkdown ($("$venv/bin/pymarkdown" version))"
echo "mdformat:    $venv/bin/mdformat ($("$venv/bin/mdformat" --version))"
