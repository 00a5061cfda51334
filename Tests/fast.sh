#!/bin/sh
# The fast tests: every suite but those tagged `.slow` (real editors, servers, a browser, git, long scripted runs),
# found from the tag in the test sources, so that tagging a suite is the one thing to do. `swift test` runs all.
set -eu
cd "$(dirname "$0")/.."
slow=$(perl -0ne 'while (/\@Suite\(\.tags\(\.slow\).*?struct (\w+)/gs) { print "$1\n" }' $(find Tests -name '*.swift') | sort -u | paste -sd'|' -)
exec swift test --skip "($slow)" "$@"
