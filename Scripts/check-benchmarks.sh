#!/usr/bin/env bash
# Builds the Benchmarks package (debug, warnings as errors), so that CI notices when a change to
# Relay, or to the generator of scenario 7's graph, breaks the benchmarks. Runs nothing; prints
# how long the build took. Uses Benchmarks/.build, so later runs are incremental.
set -euo pipefail
cd "$(dirname "$0")/../Benchmarks"

# SwiftPM 6.3 can reuse a stale build plan for a path dependency after Relay gains a file or a
# target ("no such module"); dropping the plan costs a few seconds of planning, nothing rebuilt.
rm -f .build/debug.yaml

start=$SECONDS
swift build -Xswiftc -warnings-as-errors "$@"
echo "Benchmarks: built in $((SECONDS - start)) s"
