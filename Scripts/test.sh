#!/usr/bin/env bash
# Runs every test of the project: the Relay package (with warnings as errors); its concurrency
# tests again under the thread and the address sanitizers, RelayTesting's tests under the thread
# sanitizer, and its limit tests under the address sanitizer (chosen by test target, so renaming a test never drops it from a run); the
# swift-argument-parser, swift-log and swift-service-lifecycle integrations (behind their
# traits); a check that the core product pulls in no other package; user code in a fresh package
# (the README's tour built and run as a main.swift, and registrations that must or must not
# compile for want of Sendable); the example service's driver tests against its Hummingbird and
# Vapor front ends, with RelayVapor's own tests; every Swift snippet of the README, the catalogs
# and the doc comments compiled against the example's build; and a check that the example's release
# builds ship no stubs.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each step says how long it took (the example's Vapor and release builds take minutes).
section() {
    if [ -n "${section_name:-}" ]; then
        echo "-- $section_name: $((SECONDS - section_started)) s"
    fi
    section_name="${1:-}"
    section_started=$SECONDS
    if [ -n "$section_name" ]; then echo "== $section_name"; fi
}
# GRDB links the system SQLite; install its headers where they are missing (CI machines are root).
if ! [ -e /usr/include/sqlite3.h ] && command -v apt-get >/dev/null; then
    apt-get update -qq && apt-get install -y -qq libsqlite3-dev >/dev/null
fi

section "Relay: build with warnings as errors, then every test"
swift build --build-tests -Xswiftc -warnings-as-errors
swift test --skip-build

# The runs below select whole test targets: a test belongs in a run by the target its file is in.
# RelayTestingTests too: RelayTesting forks programs from threads of its own and feeds their output
# to waiting tasks.
section "Relay and RelayTesting: the concurrency tests (RelayConcurrencyTests, RelayTestingTests) under the thread sanitizer"
swift test --sanitize=thread --scratch-path .build-tsan --filter RelayConcurrencyTests --filter RelayTestingTests

# RelayLimitsTests holds the depth-limit and wide-table tests. (Not the 1,000-deep chain, which
# stays in RelayTests: ASan's larger frames need more than a normal stack for it, and the depth
# limit rightly stops it with an error.)
section "Relay: the concurrency and limit tests under the address sanitizer"
# The suppressions name leaks inside the XCTest runner only. Locals stay on the real stack (no
# fake stack for use-after-return), so the depth limit's stack check is exercised here too.
ASAN_OPTIONS=detect_stack_use_after_return=0 LSAN_OPTIONS="suppressions=$PWD/.ci/lsan-suppressions.txt" \
    swift test --sanitize=address --scratch-path .build-asan \
        --filter RelayConcurrencyTests --filter RelayLimitsTests

section "RelayArgumentParser, RelayLogging and RelayServiceLifecycle: tests with their traits"
traits=ArgumentParserSupport,LoggingSupport,ServiceLifecycleSupport
swift build --build-tests --traits "$traits" --scratch-path .build-traits -Xswiftc -warnings-as-errors
swift test --skip-build --traits "$traits" --scratch-path .build-traits \
    --filter "RelayArgumentParserTests|RelayLoggingTests|RelayServiceLifecycleTests"

section "The core product depends on nothing else"
Scripts/check-core-dependencies.sh

section "User code in a fresh package: the README's tour built (warnings are errors) and run; Sendable rules at compile time"
Scripts/check-user-code.sh

section "The example service: both front ends (Hummingbird, Vapor) and RelayVapor's tests, built once; the driver tests launch the real programs"
# SwiftPM 6.3 can reuse a stale build plan for a path dependency after Relay gains a file or a
# target ("no such module"); dropping the plan costs a few seconds of planning, nothing rebuilt.
rm -f Examples/Bookshelf/.build/debug.yaml
example_log="$(mktemp)"
swift build --package-path Examples/Bookshelf --build-tests 2>&1 | tee "$example_log"
# Warnings as errors for our code only: Relay's integrations (RelayHummingbird, RelayVapor, …,
# compiled here with their traits on) and the example's own sources. -warnings-as-errors would
# apply to Vapor and the other dependencies too. (A clean build, as on CI, shows every warning.)
if grep -E "^$PWD/(Sources|Examples/Bookshelf/(Sources|Tests))/[^:]+:[0-9]+:[0-9]+: warning:" "$example_log"; then
    echo "error: the warnings above are in Relay's or the example's code" >&2
    exit 1
fi
swift test --package-path Examples/Bookshelf --skip-build

# Against the modules the example has just built (Relay and its integrations, Hummingbird, Vapor),
# and RelayLogging from .build-traits above: nothing is built again; about 20 s.
section "Documentation snippets: every swift block of the README, the catalogs and the doc comments compiles (Scripts/check-doc-snippets.py)"
Scripts/check-doc-snippets.py --example-built

section "The example's release build: no -d option, no stubs"
Scripts/check-bookshelf-release.sh
section
