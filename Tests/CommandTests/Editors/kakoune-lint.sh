#!/usr/bin/env bash
# Runs Kakoune's own :lint (rc/tools/lint.kak) on a day file with the lintcmd docs/editors.md gives, in a
# headless session (the dummy UI), and prints what Kakoune made of it: its counts and messages, then its
# *debug* buffer, where lint.kak puts anything the linter wrote to standard error ("lint failed").
#   kakoune-lint.sh SESSION LINTCMD FILE
set -u
session=$1 lintcmd=$2 file=$3
out=$PWD/kak-result debug=$PWD/kak-debug
rm -f "$out" "$debug"
timeout 30 kak -ui dummy -s "$session" -e "set global lintcmd '$lintcmd'; edit '$file'; lint" </dev/null >/dev/null 2>&1 &
kak_pid=$!
# lint.kak runs the linter in the background and sends its results to the session: wait for the counts.
for _ in $(seq 1 100); do
    sleep 0.2
    echo "eval -client client0 %{ echo -to-file '$out' \"errors=%opt{lint_error_count} warnings=%opt{lint_warning_count} %opt{lint_messages}\" }" \
        | kak -p "$session" 2>/dev/null
    [ -s "$out" ] && grep -q "warnings=[1-9]\|errors=[1-9]" "$out" && break
    rm -f "$out"
done
sleep 0.5
echo "eval -client client0 %{ buffer *debug*; execute-keys %{%}; echo -to-file '$debug' %val{selection} }" | kak -p "$session" 2>/dev/null
sleep 0.5
echo kill | kak -p "$session" 2>/dev/null
wait "$kak_pid" 2>/dev/null
cat "$out" 2>/dev/null; echo; echo "--- debug"; cat "$debug" 2>/dev/null
