#!/usr/bin/env bash
# Builds the libFuzzer target (Fuzz/) with coverage and AddressSanitizer, and fuzzes the
# instruction grammar, argument vectors, RELAY_DEPENDENCIES values and whole injections.
#   Scripts/fuzz.sh [SECONDS]    # default 30; the corpus grows in .build-fuzz/corpus
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-30}"
scratch=.build-fuzz
# SwiftPM 6.3 can keep a stale build plan for the Relay path dependency after Relay gains a file
# ("cannot find ... in scope"); dropping the plan costs seconds of planning, nothing is rebuilt.
rm -f "$scratch"/*.yaml
# Both sanitizers in one -sanitize= flag: two --sanitize options reach the compiler in an
# unstable order and one is lost (see TOOLCHAIN.md).
swift build --package-path Fuzz --scratch-path "$scratch" -c release --sanitize fuzzer \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
binary="$(swift build --package-path Fuzz --scratch-path "$scratch" -c release --show-bin-path)/RelayFuzzer"
mkdir -p "$scratch/corpus" "$scratch/crashes"
log="$scratch/fuzz.log"
SWIFT_BACKTRACE=enable=no "$binary" "$scratch/corpus" Fuzz/Corpus -dict=Fuzz/instructions.dict \
    -max_total_time="$seconds" -timeout=5 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$scratch/crashes/" 2>&1 | tee "$log" | grep -E "Loaded|DONE|ERROR|SUMMARY|number_of_executed_units" || true
# A blind fuzzer "passes" without coverage counters: refuse to report success without them.
grep -Eq "Loaded [0-9]+ modules? +\(([1-9][0-9]*) inline 8-bit counters\)" "$log" \
    || { echo "error: the fuzzer has no coverage instrumentation" >&2; exit 1; }
if grep -q "ERROR: libFuzzer\|ERROR: AddressSanitizer\|Fatal error" "$log"; then
    echo "error: the fuzzer found a crash; see $log and $scratch/crashes" >&2
    exit 1
fi
