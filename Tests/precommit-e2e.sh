#!/bin/sh
# End-to-end check of .pre-commit-hooks.yaml with the real pre-commit framework.
#
# Installs pre-commit from PyPI into a throwaway venv, makes a git repository of day plans, and runs
#   pre-commit try-repo <this repository> dayplan-lint --files ...
# expecting a refusal for a day file that breaks the 1-3-5 rule and a pass for a good one. try-repo
# builds dayplan with `swift build -c release` in its own cache (once per run, so this takes minutes).
#
# It uses the repository's committed HEAD, plus tracked files changed since (try-repo commits those
# to a temporary copy); files not yet added to git are not seen.
#
# Usage: sh Tests/precommit-e2e.sh    (needs python3 with venv, git, swift and network access to PyPI)
# PRE_COMMIT_VERSION=4.2.0 pins the pre-commit version; the default is the newest.
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/dayplan-precommit.XXXXXX")
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM

fail() {
    echo "precommit-e2e: FAIL: $*" >&2
    exit 1
}

echo "precommit-e2e: installing pre-commit${PRE_COMMIT_VERSION:+ $PRE_COMMIT_VERSION} into a venv"
python3 -m venv "$work/venv"
"$work/venv/bin/python" -m pip install --quiet --disable-pip-version-check \
    "pre-commit${PRE_COMMIT_VERSION:+==$PRE_COMMIT_VERSION}"
pre_commit="$work/venv/bin/pre-commit"
"$pre_commit" --version

# Keep pre-commit and git away from the caller's own configuration and caches.
export PRE_COMMIT_HOME="$work/cache"
export GIT_CONFIG_NOSYSTEM=1 HOME="$work/home"
export GIT_AUTHOR_NAME=dayplan GIT_AUTHOR_EMAIL=dayplan@example.com
export GIT_COMMITTER_NAME=dayplan GIT_COMMITTER_EMAIL=dayplan@example.com
mkdir "$HOME"

plans="$work/plans"
mkdir -p "$plans/2026"
cd "$plans"
git init -q
printf '# 2026-11-21\n\n## Morning\n* [ ] Ship it\n* [ ] Ship that too\n' > 2026/2026-11-21.md
printf '# 2026-11-22\n\n## Morning\n* [ ] Ship it\n+ [ ] Support it\n' > 2026/2026-11-22.md
git add .

echo "precommit-e2e: a day file with two open must tasks must be refused"
if "$pre_commit" try-repo "$root" dayplan-lint --verbose --files 2026/2026-11-21.md 2026/2026-11-22.md \
    > "$work/bad.log" 2>&1; then
    cat "$work/bad.log"
    fail "pre-commit passed a day file with two open must tasks"
fi
cat "$work/bad.log"
grep -q '2026/2026-11-21.md:5:1: error: Morning has 2 open must tasks; the limit is 1 \[DP101/bucket-limit\]' "$work/bad.log" ||
    fail "the refusal does not name the finding"
if grep -q '2026-11-22.md:' "$work/bad.log"; then fail "the good file was reported"; fi

echo "precommit-e2e: a good day file must pass"
if ! "$pre_commit" try-repo "$root" dayplan-lint --verbose --files 2026/2026-11-22.md > "$work/good.log" 2>&1; then
    cat "$work/good.log"
    fail "pre-commit refused a good day file"
fi
cat "$work/good.log"

echo "precommit-e2e: ok"
