#!/usr/bin/env bash
# Builds a libFuzzer target and runs it.
#
#   Tests/Fuzz/run.sh [--target day|calendar|import] [SECONDS] [more libFuzzer flags...]
#
# Targets: day (the default: the day-file parser, FuzzTarget.swift, Invariants.swift), calendar (the calendar
# reader: CalendarFuzzTarget.swift) and import (import's reading of an export document: ImportFuzzTarget.swift),
# the last two checking CalendarInvariants.swift. SECONDS defaults to 60. The corpus grows in
# .build/fuzz[-TARGET]/corpus (seeded from Examples/ and the golden files, or the calendars and exports of the
# tests); crashes and broken invariants are saved in .build/fuzz[-TARGET]/artifacts/. Copy each one into
# Tests/Fuzz/regressions/ (calendar-regressions/, import-regressions/; any name): `swift test` checks every file
# there against the same invariants.
# docs/ROBUSTNESS.md ("Fuzzing") records each run: its length, inputs and what it found.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
target=day
if [ "${1:-}" = "--target" ]; then target=${2:?--target takes day, calendar or import}; shift 2; fi
seconds=${1:-60}
shift || true
case "$target" in
  day) out="$root/.build/fuzz" ;;
  calendar|import) out="$root/.build/fuzz-$target" ;;
  *) echo "run.sh: --target takes day, calendar or import, not $target" >&2; exit 2 ;;
esac
mkdir -p "$out/corpus" "$out/artifacts" "$out/seeds"

# The seed corpus, named by content (the real-world corpus holds many files called 2026-11-20.md): for day, every
# example, golden input and real-world case; for calendar, the calendars of the tests; for import, the exports of
# the tests; each with what earlier runs found.
seed() { while IFS= read -r -d '' file; do cp "$file" "$out/seeds/$(cksum < "$file" | cut -d' ' -f1)"; done; }
case "$target" in
  day)
    find "$root/Examples" "$root/Tests/DayPlanTests/Format/Golden" "$root/Tests/DayPlanTests/Corpus/Cases" \
      "$root/Tests/Fuzz/regressions" -type f \( -name '*.md' -o -path '*/regressions/*' \) -print0 2>/dev/null | seed
    extra=("$root/Tests/DayPlanTests/Support/Invariants.swift" "$root/Tests/Fuzz/FuzzTarget.swift")
    dict="$root/Tests/Fuzz/dayplan.dict"; max_len=4096 ;;
  calendar)
    find "$root/Tests" -type f \( -name '*.ics' -o -path '*/calendar-regressions/*' \) -print0 2>/dev/null | seed
    extra=("$root/Tests/DayPlanTests/Support/CalendarInvariants.swift" "$root/Tests/Fuzz/CalendarFuzzTarget.swift")
    dict="$root/Tests/Fuzz/calendar.dict"; max_len=16384 ;;
  import)
    find "$root/Tests/CommandTests/Export/Golden" "$root/Tests/Fuzz/import-regressions" -type f \
      \( -name '*.json' -o -path '*/import-regressions/*' \) -print0 2>/dev/null | seed
    extra=("$root/Tests/DayPlanTests/Support/CalendarInvariants.swift" "$root/Tests/Fuzz/ImportFuzzTarget.swift")
    dict="$root/Tests/Fuzz/import.dict"; max_len=16384 ;;
esac

# The library's targets in one module with the fuzz target: copies of their sources without the imports of
# each other (the package's `package` declarations need the package's name).
rm -rf "$out/sources" && mkdir -p "$out/sources"
for library in DayPlan DayPlanJSON DayPlanArchive DayPlanExport DayPlanICalendar DayPlanSync DayPlanView; do
  find "$root/Sources/$library" -name '*.swift' | while IFS= read -r file; do
    sed -e '/^import DayPlan/d' "$file" > "$out/sources/$library-$(basename "$file")"
  done
done
# The test support the target uses imports the targets too.
for file in "${extra[@]}"; do sed -e '/import DayPlan/d' "$file" > "$out/sources/extra-$(basename "$file")"; done
sources=$(find "$out/sources" -name '*.swift' | sort)
echo "building the $target fuzzer (address sanitizer, optimised)…"
swiftc -sanitize=fuzzer,address -parse-as-library -O -package-name dayplan -module-name DayPlanFuzz \
  $sources -o "$out/fuzz-dayplan" 2> >(grep -v "Cannot export local symbol" >&2)

echo "fuzzing for ${seconds}s…"
# SWIFT_BACKTRACE=enable=no: report a crash at once instead of after a slow symbolicated backtrace.
SWIFT_BACKTRACE=enable=no "$out/fuzz-dayplan" \
  -max_total_time="$seconds" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 \
  -dict="$dict" -artifact_prefix="$out/artifacts/" -print_final_stats=1 \
  "$@" "$out/corpus" "$out/seeds"
