#!/usr/bin/env bash
# Builds the language server's libFuzzer target and runs it.
#
#   Tests/Fuzz/run-lsp.sh [SECONDS] [more libFuzzer flags...]
#
# SECONDS defaults to 60. Each input becomes a session of framed messages (Tests/CommandTests/LanguageServer/
# LanguageServerScript.swift) that the server answers in process. The corpus grows in .build/fuzz-lsp/corpus;
# crashes, sanitizer reports and hangs are saved in .build/fuzz-lsp/artifacts/. Copy each one into
# Tests/Fuzz/lsp-regressions/ (any name): `swift test` replays every file there through the built `dayplan lsp`.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
seconds=${1:-60}
shift || true
out="$root/.build/fuzz-lsp"
mkdir -p "$out/corpus" "$out/artifacts" "$out/seeds" "$out/module"

# Seeds: what earlier runs found.
find "$root/Tests/Fuzz/lsp-regressions" -type f -print0 2>/dev/null |
  while IFS= read -r -d '' file; do cp "$file" "$out/seeds/$(cksum < "$file" | cut -d' ' -f1)"; done

flags=(-sanitize=fuzzer,address -parse-as-library -O)
# The server's sources import the library's targets, so each is a module of its own here, as in the package
# (one package name, for their `package` declarations), built in the order they depend on each other; they are
# built again only when one of their sources is newer than the last build.
libraries=(DayPlan DayPlanJSON DayPlanArchive DayPlanExport DayPlanICalendar DayPlanSync DayPlanView)
if [ ! -f "$out/DayPlan.o" ] || [ -n "$(for l in "${libraries[@]}"; do find "$root/Sources/$l" -name '*.swift' -newer "$out/DayPlan.o"; done)" ]; then
  echo "building the library modules (address sanitizer, optimised)…"
  for library in "${libraries[@]}"; do
    swiftc "${flags[@]}" -package-name dayplan -module-name "$library" -I "$out/module" \
      -emit-module -emit-module-path "$out/module/$library.swiftmodule" \
      -wmo -c $(find "$root/Sources/$library" -name '*.swift' | sort) -o "$out/$library.o.tmp" \
      2> >(grep -v "Cannot export local symbol" >&2) || exit 1
    mv "$out/$library.o.tmp" "$out/$library.lib.o"
  done
  # DayPlan.o stands for them all: the newest build, which the fuzzer's own build compares with.
  cp "$out/DayPlanView.lib.o" "$out/DayPlan.o"
fi

# Every source of the executable, main.swift without its last statements (the ones that run a command and
# exit): its declarations (`version`, the command table) are used by the rest. Any other statement left at
# the top level fails this build (-parse-as-library), so a change to main.swift cannot slip through. Built
# again only when a source (or the library) is newer than the fuzzer.
script="$root/Tests/CommandTests/LanguageServer/LanguageServerScript.swift"
target="$root/Tests/Fuzz/LanguageServerFuzzTarget.swift"
if [ ! -f "$out/fuzz-lsp" ] || [ -n "$(find "$root/Sources/DayPlanCLI" "$script" "$target" "$out/DayPlan.o" "$0" -newer "$out/fuzz-lsp" -type f)" ]; then
  echo "building the language server's fuzzer…"
  sed -e '/^signal(SIGXFSZ, SIG_IGN)$/d' -e '/^guard let words = commandLineWords()/d' -e '/^exit(runDayplan(/d' "$root/Sources/DayPlanCLI/main.swift" > "$out/MainDeclarations.swift"
  server=$(find "$root/Sources/DayPlanCLI" -name '*.swift' ! -name main.swift | sort)
  swiftc "${flags[@]}" -package-name dayplan -module-name DayPlanLSPFuzz -I "$out/module" \
    $server "$out/MainDeclarations.swift" "$script" "$target" "$out"/*.lib.o \
    -o "$out/fuzz-lsp.tmp" 2> >(grep -v "Cannot export local symbol" >&2)
  mv "$out/fuzz-lsp.tmp" "$out/fuzz-lsp"
fi

echo "fuzzing for ${seconds}s…"
# -close_fd_mask=3: the server's answers and log go to /dev/null (libFuzzer keeps its own report).
SWIFT_BACKTRACE=enable=no "$out/fuzz-lsp" \
  -max_total_time="$seconds" -max_len=8192 -timeout=10 -rss_limit_mb=2048 -close_fd_mask=3 \
  -artifact_prefix="$out/artifacts/" -print_final_stats=1 \
  "$@" "$out/corpus" "$out/seeds"
