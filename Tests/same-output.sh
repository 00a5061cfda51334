#!/usr/bin/env bash
# Same behaviour, byte for byte: runs the release binary of a base commit and that of the current tree on
# the same inputs and compares every output and exit code.
#
#   Tests/same-output.sh [BASE]
#
# BASE defaults to the merge-base of HEAD with main (when that is HEAD itself, the uncommitted tree is
# compared with HEAD). The base binary is built once per commit in a temporary worktree and kept in
# $DAYPLAN_SAME_OUTPUT_CACHE (default: $TMPDIR/dayplan-same-output); the current tree is built in place
# (swift build -c release, static on Linux, as the README installs it).
#
# Inputs: the Examples, the test corpus (Tests/DayPlanTests/Corpus/Cases), the format goldens
# (Tests/DayPlanTests/Format/Golden) and a 365-day archive from gen_archive.py (see Tests/bench/run.py;
# GEN_ARCHIVE overrides where it is). Commands: lint (text, json, github), fmt --check, fmt to standard
# output, rollover (on copies, --date given, DAYPLAN_NOW set; normal and --dry-run), export (json, jsonl,
# ics), query (text, json, tsv, filters), report (text, json, csv, html) and merge (three-way triples made
# from the inputs). Prints the differences and exits 1 on any; 0 when everything is the same; 2 when a
# build or an input is missing. SAME_OUTPUT_KEEP=1 keeps the outputs (the folder is named on standard error).
set -u -o pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
BASE=${1:-$(git merge-base HEAD main 2>/dev/null || git rev-parse HEAD)}
BASE=$(git rev-parse --verify "$BASE^{commit}") || { echo "same-output: no commit $1" >&2; exit 2; }
CACHE=${DAYPLAN_SAME_OUTPUT_CACHE:-${TMPDIR:-/tmp}/dayplan-same-output}
GEN_ARCHIVE=${GEN_ARCHIVE:-$(dirname "$ROOT")/shared/bench/gen_archive.py}
[ -f "$GEN_ARCHIVE" ] || GEN_ARCHIVE=/work/shared/bench/gen_archive.py
BUILD=(swift build -c release)
[ "$(uname -s)" = Linux ] && BUILD+=(-Xswiftc -static-executable)
mkdir -p "$CACHE"

# The base binary, built once per commit.
BASE_BIN="$CACHE/bin-$BASE/dayplan"
if [ ! -x "$BASE_BIN" ]; then
    tree="$CACHE/src-$BASE"
    [ -d "$tree" ] || git worktree add --detach "$tree" "$BASE" >/dev/null || exit 2
    echo "same-output: building the base ($BASE) in $tree" >&2
    (cd "$tree" && "${BUILD[@]}" >"$CACHE/build-$BASE.log" 2>&1) || { echo "same-output: the base does not build; see $CACHE/build-$BASE.log" >&2; exit 2; }
    mkdir -p "$CACHE/bin-$BASE"
    cp "$tree/.build/release/dayplan" "$BASE_BIN.tmp" && mv "$BASE_BIN.tmp" "$BASE_BIN"
    git worktree remove --force "$tree" >/dev/null 2>&1 || true
fi
echo "same-output: building the current tree" >&2
"${BUILD[@]}" >"$CACHE/build-current.log" 2>&1 || { echo "same-output: the current tree does not build; see $CACHE/build-current.log" >&2; exit 2; }
CURRENT_BIN="$ROOT/.build/release/dayplan"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/same-output.XXXXXX")
[ -n "${SAME_OUTPUT_KEEP:-}" ] && echo "same-output: outputs kept in $WORK" >&2 || trap 'rm -rf "$WORK"' EXIT

# The inputs, at paths that are the same for both binaries (messages name them).
INPUTS="$WORK/inputs"
mkdir -p "$INPUTS/examples" "$INPUTS/corpus" "$INPUTS/golden"
cp -R Examples/week Examples/plan-ahead "$INPUTS/examples/"
for case in Tests/DayPlanTests/Corpus/Cases/*/; do
    name=$(basename "$case")
    mkdir -p "$INPUTS/corpus/$name"
    cp "$case"*.md "$INPUTS/corpus/$name/"
done
cp Tests/DayPlanTests/Format/Golden/*.input.md "$INPUTS/golden/"
python3 "$GEN_ARCHIVE" "$INPUTS/archive" --days 365 --seed 135 >/dev/null || { echo "same-output: gen_archive.py failed" >&2; exit 2; }

# Three-way merge triples: a version of the day with its first open task done (ours), one with a deadline on
# that task and a new task under it (theirs), and the same pair the other way round; for the corpus, the formatted file and the
# old day as rollover leaves it are a pair as well (made by the base binary, so both runs see the same).
TRIPLES="$INPUTS/merge"
mkdir -p "$TRIPLES"
triple_count=0
make_triples() {  # SOURCE NAME
    local source=$1 name=$2
    local dir="$TRIPLES/$name"
    mkdir -p "$dir"
    cp "$source" "$dir/base.md"
    sed '0,/\[ \]/s//[x]/' "$source" >"$dir/done.md"
    awk 'BEGIN { done = 0 } { if (!done && $0 ~ /^[-+*] \[ \] /) { print $0 " @due:2026-12-01"; print "- [ ] Added on the other side"; done = 1 } else print }' \
        "$source" >"$dir/due.md"
    triple_count=$((triple_count + 1))
}
for f in "$INPUTS"/examples/*/*.md "$INPUTS"/corpus/*/2026-11-20.md "$INPUTS"/golden/*.md; do
    rel=${f#"$INPUTS/"}
    make_triples "$f" "$(echo "$rel" | tr '/' '_')"
done
i=0
for f in "$INPUTS"/archive/*/*.md "$INPUTS"/archive/*.md; do
    [ -f "$f" ] || continue
    i=$((i + 1))
    [ $((i % 12)) -eq 0 ] || continue
    make_triples "$f" "archive_$(basename "$f")"
done
for case in "$INPUTS"/corpus/*/; do
    name=$(basename "$case")
    dir="$TRIPLES/corpus-pair_$name"
    mkdir -p "$dir"
    cp "$case/2026-11-20.md" "$dir/base.md"
    "$BASE_BIN" fmt "$case/2026-11-20.md" >"$dir/done.md" 2>/dev/null || cp "$case/2026-11-20.md" "$dir/done.md"
    copy="$WORK/pair-$name"
    cp -R "$case" "$copy"
    DAYPLAN_NOW=1795262400 "$BASE_BIN" rollover --dir "$copy" --date 2026-11-21 -q >/dev/null 2>&1
    cp "$copy/2026-11-20.md" "$dir/due.md"
    rm -rf "$copy"
    triple_count=$((triple_count + 1))
done

ARCHIVE_FILES=$(cd "$INPUTS" && find archive -name '*.md' | sort)
ARCHIVE_LAST=$(echo "$ARCHIVE_FILES" | tail -1 | sed 's/.*\([0-9]\{4\}-[0-9][0-9]-[0-9][0-9]\)\.md$/\1/')
# Noon UTC of a day, as Unix seconds.
noon() { python3 -c "import datetime as d, sys; print(int(d.datetime.fromisoformat(sys.argv[1] + 'T12:00:00+00:00').timestamp()))" "$1"; }
next_day() { python3 -c "import datetime as d, sys; print(d.date.fromisoformat(sys.argv[1]) + d.timedelta(days=1))" "$1"; }
ARCHIVE_NEXT=$(next_day "$ARCHIVE_LAST")
ARCHIVE_NOW=$(noon "$ARCHIVE_NEXT")
NOW_2026_11_21=$(noon 2026-11-21)

# One run: `record NAME command...` keeps standard output, standard error and the exit code.
record() {
    local name=$1
    shift
    (cd "$RUN" && "$@" >"$OUT/$name.out" 2>"$OUT/$name.err" </dev/null)
    echo $? >"$OUT/$name.rc"
}

# A folder's files, each named and whole, as one text.
snapshot() {
    (cd "$1" && find . -type f ! -name '.dayplan.lock' | LC_ALL=C sort | while read -r f; do echo "=== $f"; cat "$f"; echo; done)
}

run_all() {  # BINARY OUTPUT-FOLDER
    local bin=$1
    OUT=$2
    RUN="$WORK/run"
    rm -rf "$RUN"
    cp -R "$INPUTS" "$RUN"
    mkdir -p "$OUT"
    export DAYPLAN_NOW=$NOW_2026_11_21 TZ=UTC
    unset DAYPLAN_DIR DAYPLAN_DAY_STARTS_AT

    local files f n
    files=$(cd "$RUN" && find examples corpus golden -name '*.md' | LC_ALL=C sort)
    n=0
    for f in $files; do
        n=$((n + 1))
        record "lint-$n" "$bin" lint "$f"
        record "lint-json-$n" "$bin" lint --format json "$f"
        record "fmt-check-$n" "$bin" fmt --check "$f"
        record "fmt-$n" "$bin" fmt "$f"
        record "fmt-stdin-$n" sh -c "\"$bin\" fmt < \"$f\""
    done
    # shellcheck disable=SC2086
    record lint-all "$bin" lint $files
    # shellcheck disable=SC2086
    record lint-all-github "$bin" lint --format github --strict $files
    record lint-archive "$bin" lint archive
    record lint-archive-json "$bin" lint --format json archive
    record fmt-check-archive "$bin" fmt --check archive
    record fmt-archive "$bin" fmt archive

    # Export, query and report: over each folder, and over the archive.
    local folder
    for folder in examples/week examples/plan-ahead $(cd "$RUN" && ls -d corpus/*) golden; do
        local tag
        tag=$(echo "$folder" | tr '/' '_')
        for format in json jsonl ics; do record "export-$format-$tag" "$bin" export --format "$format" "$folder"; done
        record "query-$tag" "$bin" query "$folder"
    done
    for format in json jsonl ics; do record "export-$format-archive" "$bin" export --format "$format" archive; done
    record export-ics-all-archive "$bin" export --format ics --all archive
    export DAYPLAN_NOW=$ARCHIVE_NOW
    for format in text json tsv; do record "query-$format-archive" "$bin" query --format "$format" archive; done
    record query-open-archive "$bin" query --status open archive
    record query-history-archive "$bin" query --history --format json archive
    record query-text-archive "$bin" query --text call --region morning archive
    record query-due-archive "$bin" query --due this-month archive
    for format in text json csv html; do record "report-$format-archive" "$bin" report --format "$format" --year archive; done
    record report-by-archive "$bin" report --since -90d --by week archive
    export DAYPLAN_NOW=$NOW_2026_11_21
    for format in text json csv; do record "report-$format-week" "$bin" report --format "$format" --since 2026-11-16 examples/week; done

    # Rollover, on copies: each corpus case and the week into 2026-11-21, the archive into its next day.
    local copy
    for folder in $(cd "$RUN" && ls -d corpus/*) examples/week; do
        local tag
        tag=$(echo "$folder" | tr '/' '_')
        record "rollover-dry-$tag" "$bin" rollover --dry-run --dir "$folder" --date 2026-11-21
        copy="$RUN/rollover-$tag"
        cp -R "$RUN/$folder" "$copy"
        record "rollover-$tag" "$bin" rollover --dir "rollover-$tag" --date 2026-11-21
        snapshot "$copy" >"$OUT/rollover-$tag.files"
        record "rollover-again-$tag" "$bin" rollover --dir "rollover-$tag" --date 2026-11-21
        snapshot "$copy" >"$OUT/rollover-again-$tag.files"
    done
    export DAYPLAN_NOW=$ARCHIVE_NOW
    cp -R "$RUN/archive" "$RUN/rollover-archive"
    record rollover-dry-archive "$bin" rollover --dry-run --dir rollover-archive --date "$ARCHIVE_NEXT"
    record rollover-archive "$bin" rollover --dir rollover-archive --date "$ARCHIVE_NEXT"
    snapshot "$RUN/rollover-archive" >"$OUT/rollover-archive.files"
    export DAYPLAN_NOW=$NOW_2026_11_21

    # Merge, both ways round, each result file kept.
    local dir name
    for dir in "$RUN"/merge/*/; do
        name=$(basename "$dir")
        cp "$dir/done.md" "$dir/ours-a.md"
        record "merge-a-$name" "$bin" merge "merge/$name/base.md" "merge/$name/ours-a.md" "merge/$name/due.md" 2026-11-20.md
        cp "$dir/ours-a.md" "$OUT/merge-a-$name.result"
        cp "$dir/due.md" "$dir/ours-b.md"
        record "merge-b-$name" "$bin" merge "merge/$name/base.md" "merge/$name/ours-b.md" "merge/$name/done.md" 2026-11-20.md
        cp "$dir/ours-b.md" "$OUT/merge-b-$name.result"
        cp "$dir/done.md" "$dir/ours-c.md"
        record "merge-c-$name" "$bin" merge "merge/$name/base.md" "merge/$name/ours-c.md" "merge/$name/due.md"
        cp "$dir/ours-c.md" "$OUT/merge-c-$name.result"
    done
    rm -rf "$RUN"
}

run_all "$BASE_BIN" "$WORK/base"
run_all "$CURRENT_BIN" "$WORK/current"

outputs=$(find "$WORK/base" -type f | wc -l)
if diff -r -u "$WORK/base" "$WORK/current" >"$WORK/diff.txt"; then
    echo "same-output: the same: $outputs outputs (standard output, standard error, exit code, files) of $BASE and the current tree; $triple_count merge triples"
    exit 0
fi
sed -e "s|$WORK/base|base|g" -e "s|$WORK/current|current|g" "$WORK/diff.txt"
echo "same-output: DIFFERENT: $(grep -c '^diff ' "$WORK/diff.txt") of $outputs outputs differ between $BASE and the current tree" >&2
exit 1
