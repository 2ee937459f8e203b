#!/bin/bash
# Counts the instructions of Relay's hot paths with callgrind, and shows where they go.
#
#   Scripts/profile.sh                      # every case: instructions per operation
#   Scripts/profile.sh cached-singleton     # one case, with its functions by inclusive cost
#
# callgrind counts instructions, not time: the figures repeat exactly on the same binary, however
# busy the machine is. Needs valgrind (apt-get install valgrind). Valgrind 3.19 stops with an
# internal error on the async case (async-cached-singleton), as soon as the concurrency runtime
# starts a thread: time it, or `perf record` it, instead. The unit-of-work cases run on the main
# thread (unit-resolve is benchmark S16; unit-open-close is S15 without its teardowns, which would
# start a thread).
set -euo pipefail
cd "$(dirname "$0")/.."

OPERATIONS=${OPERATIONS:-20000}
# Swift seeds its string hashing per process, which moves the named case by up to 18 instructions
# from run to run (probe lengths in the name table); a fixed seed makes every case repeat exactly.
export SWIFT_DETERMINISTIC_HASHING=1
SCRATCH=.build-profile
OUT=${OUT:-results/profile}
mkdir -p "$OUT"

# SwiftPM 6.3 can keep a stale build plan for the Relay path dependency after Relay gains a file
# ("cannot find ... in scope"); dropping the plan costs seconds of planning, nothing is rebuilt.
rm -f "$SCRATCH"/*.yaml
swift build -c release --scratch-path "$SCRATCH" --product RelayProfile >&2
BINARY="$SCRATCH/release/RelayProfile"

cases=("$@")
if [ ${#cases[@]} -eq 0 ]; then
    cases=(cached-singleton transient-graph mixed-graph named register build unit-resolve unit-open-close
        cached-singleton-account transient-graph-account)
fi

totals() {
    callgrind_annotate "$1" 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }'
}

for name in "${cases[@]}"; do
    file="$OUT/callgrind.$name.out"
    if [ "$name" = unit-open-close ]; then
        # An async operation: its calls are tail calls and resumptions, so `measure` is not on the
        # stack while they run, and toggling collection on it counts nothing. The whole program is
        # counted instead, at two operation counts; the difference is the operations' cost.
        base=$((OPERATIONS / 10))
        valgrind --tool=callgrind --callgrind-out-file="$file.base" "$BINARY" "$name" "$base" 2>/dev/null
        valgrind --tool=callgrind --callgrind-out-file="$file" "$BINARY" "$name" "$OPERATIONS" 2>/dev/null
        perop=$(echo "($(totals "$file") - $(totals "$file.base")) / ($OPERATIONS - $base)" | bc -l)
    else
        valgrind --tool=callgrind --toggle-collect='*7measure*' --callgrind-out-file="$file" \
            "$BINARY" "$name" "$OPERATIONS" 2>/dev/null
        perop=$(echo "$(totals "$file") / $OPERATIONS" | bc -l)
    fi
    printf '%-18s %8.0f instructions per operation\n' "$name" "$perop"
    if [ ${#@} -gt 0 ]; then
        callgrind_annotate --inclusive=yes --threshold=99 "$file" 2>/dev/null \
            | swift demangle --simplified | sed -n '1,60p' | cut -c1-220
    fi
done
