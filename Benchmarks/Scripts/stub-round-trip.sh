#!/usr/bin/env bash
# Times the round trip of one call of a stub the test answers (Relay's StubCalls, over the control
# channel RelayTesting's launcher hands the program) beside an HTTP/1.1 round trip to a server on
# loopback carrying the same JSON, in one run, and prints their medians and 99th percentiles.
#
#   Scripts/stub-round-trip.sh                  # 2,000 timed round trips of each kind
#   Scripts/stub-round-trip.sh --calls 10000    # arguments go to the program (--warm-up, --block)
#
# Wall-clock figures: they move with whatever else the machine runs. Release build, in the
# package's own .build (the first build takes a few minutes; later ones only relink).
set -euo pipefail
cd "$(dirname "$0")/.."

# SwiftPM 6.3 can keep a stale build plan for the Relay path dependency after Relay gains a file
# ("cannot find ... in scope"); dropping the plan costs seconds of planning, nothing is rebuilt.
rm -f .build/release.yaml
swift build -c release --product StubRoundTrip >&2
exec .build/release/StubRoundTrip "$@"
