#!/usr/bin/env bash
# Builds the libFuzzer target and runs it.
#
#   Tests/Fuzz/run.sh [SECONDS] [more libFuzzer flags...]
#
# SECONDS defaults to 60. The corpus grows in .build/fuzz/corpus (seeded from Examples/ and the golden
# files); crashes and broken invariants are saved in .build/fuzz/artifacts/. Copy each one into
# Tests/Fuzz/regressions/ (any name): `swift test` checks every file there against the same invariants.
# docs/ROBUSTNESS.md ("Fuzzing") records each run: its length, inputs and what it found.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
seconds=${1:-60}
shift || true
out="$root/.build/fuzz"
mkdir -p "$out/corpus" "$out/artifacts" "$out/seeds"

# The seed corpus: every example, golden input and real-world case, plus what earlier runs found.
# Named by content, as the real-world corpus holds many files called 2026-11-20.md.
find "$root/Examples" "$root/Tests/DayPlanTests/Format/Golden" "$root/Tests/DayPlanTests/Corpus/Cases" \
  "$root/Tests/Fuzz/regressions" -type f \( -name '*.md' -o -path '*/regressions/*' \) -print0 2>/dev/null |
  while IFS= read -r -d '' file; do cp "$file" "$out/seeds/$(cksum < "$file" | cut -d' ' -f1)"; done

sources=$(find "$root/Sources/DayPlan" -name '*.swift' | sort)
echo "building the fuzzer (address sanitizer, optimised)…"
swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name DayPlanFuzz \
  $sources "$root/Tests/DayPlanTests/Support/Invariants.swift" "$root/Tests/Fuzz/FuzzTarget.swift" \
  -o "$out/fuzz-dayplan" 2> >(grep -v "Cannot export local symbol" >&2)

echo "fuzzing for ${seconds}s…"
# SWIFT_BACKTRACE=enable=no: report a crash at once instead of after a slow symbolicated backtrace.
SWIFT_BACKTRACE=enable=no "$out/fuzz-dayplan" \
  -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
  -dict="$root/Tests/Fuzz/dayplan.dict" -artifact_prefix="$out/artifacts/" -print_final_stats=1 \
  "$@" "$out/corpus" "$out/seeds"
