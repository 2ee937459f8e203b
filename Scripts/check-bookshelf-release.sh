#!/usr/bin/env bash
# Proves that the example's release builds ship no stubs and read no dependency instructions: it
# builds `bookshelf` (Hummingbird) and `bookshelf-vapor` with `-c release`, then checks that each
# program rejects -d as an unknown option and that neither binary holds any of the BookshelfStubs
# target's symbols or factory keys. The same
# search must find the stubs in the debug build (when there is one) and the real store in the
# release build, so the check cannot pass by looking at the wrong thing. Last, the release program,
# which runs the parser with an empty allow-list, is launched with every test hook a launcher can
# name (Scripts/launch-with-test-hooks.py) and must open none, where the debug program opens each.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root/Examples/Bookshelf"

fail() {
    echo "check-bookshelf-release: $1" >&2
    exit 1
}

# What the stubs target defines: its types and its factory keys.
stubs='BookshelfStubs|InMemoryBookStore|StubCatalogClient|AnsweredCatalogClient|FixedClock|SequentialIDGenerator|BookshelfStubFactoryIndex|BookshelfTypeIndex'
keys='inMemoryBookStore|fixedClock|sequentialIDs|stubCatalog|answeredCatalog|catalogFailingToClose'

# The symbol lists go through files: `nm | grep -q` fails under pipefail when grep stops reading.
symbols="$(mktemp)"
trap 'rm -f "$symbols"' EXIT

# check_no_stubs PRODUCT: the release binary holds no stub, and the same search finds them in the
# debug binary (when there is one), so the check cannot pass by looking at the wrong thing.
check_no_stubs() {
    local release debug
    release="$(swift build -c release --show-bin-path)/$1"
    nm "$release" >"$symbols"
    grep -q 'SQLiteBookStore' "$symbols" || fail "the release $1 has no symbols to search (stripped?)"
    if grep -Eq "$stubs" "$symbols"; then
        fail "the release $1 contains stub symbols: $(grep -E "$stubs" "$symbols" | head -3)"
    fi
    if grep -aEq "$keys" "$release"; then
        fail "the release $1 contains a stub's factory key: $(grep -aEo "$keys" "$release" | head -1)"
    fi
    debug="$(swift build --show-bin-path)/$1"
    if [ -x "$debug" ]; then
        nm "$debug" >"$symbols"
        grep -Eq "$stubs" "$symbols" || fail "the search finds no stub in the debug $1 either: it proves nothing"
        grep -aEq "$keys" "$debug" || fail "the search finds no factory key in the debug $1 either"
    fi
}

# Both products in one build: the packages they share are compiled once.
swift build -c release --product bookshelf
swift build -c release --product bookshelf-vapor
release="$(swift build -c release --show-bin-path)/bookshelf"
check_no_stubs bookshelf
check_no_stubs bookshelf-vapor

set +e
output="$("$release" -d type=clock,factory=fixedClock --port 0 2>&1)"
status=$?
set -e
[ "$status" -eq 64 ] || fail "the release program exited $status for -d, not 64 (usage error): $output"
grep -q "Unknown option '-d'" <<<"$output" || fail "the release program did not reject -d as unknown: $output"
if "$release" --help | grep -- '--dependency' >/dev/null; then
    fail "the release program's help still offers --dependency"
fi

# The Vapor program: Relay takes no -d out of the arguments, so Vapor's parser refuses it.
vapor="$(swift build -c release --show-bin-path)/bookshelf-vapor"
set +e
output="$(cd "$(mktemp -d)" && "$vapor" serve -d type=clock,factory=fixedClock --port 0 2>&1)"
status=$?
set -e
[ "$status" -eq 64 ] || fail "the release Vapor program exited $status for -d, not 64 (usage error): $output"
grep -q "Input not recognized: -d" <<<"$output" || fail "the release Vapor program did not refuse -d: $output"
# The test hooks a launcher may name (the channel to the test, and with it sessions; the wiring
# account; line-buffered output) stay shut in a release build, which runs the parser with an empty
# allow-list: launched with a real channel, a real account file and a session header, it serves the
# request from its own wiring (200) and writes no account. The debug build, launched the same way,
# opens both (an unknown session is a 400; the account has its injection), so the check cannot
# pass by launching a program that never looks.
hooks() {
    "$root/Scripts/launch-with-test-hooks.py" "$1"
}
release_hooks="$(hooks "$release")"
grep -qx "session-header 200" <<<"$release_hooks" \
    || fail "the release program took a session (its channel is open): $release_hooks"
grep -qx "account 0" <<<"$release_hooks" || fail "the release program wrote a wiring account: $release_hooks"
debug="$(swift build --show-bin-path)/bookshelf"
if [ -x "$debug" ]; then
    debug_hooks="$(hooks "$debug")"
    grep -qx "session-header 400" <<<"$debug_hooks" \
        || fail "the debug program did not open its channel, so the release check proves nothing: $debug_hooks"
    grep -qx "account 0" <<<"$debug_hooks" \
        && fail "the debug program wrote no account, so the release check proves nothing: $debug_hooks"
fi

# The self-check (the wiring, and every key of the index, reported; then exit) is a test hook too:
# the release program refuses --check-dependencies as an unknown option, and asked by the
# launcher's variable it runs as usual (it listens) and writes no report. The debug program, asked
# the same way, writes the report and exits 0, so the check cannot pass by asking wrongly.
set +e
output="$("$release" --check-dependencies --port 0 2>&1)"
status=$?
set -e
[ "$status" -eq 64 ] || fail "the release program exited $status for --check-dependencies, not 64: $output"
grep -q "Unknown option '--check-dependencies'" <<<"$output" \
    || fail "the release program did not reject --check-dependencies as unknown: $output"
check_dir="$(mktemp -d)"
# ask_for_check PROGRAM: launches it with RELAY_DEPENDENCY_CHECK naming a file; stops it once it
# listens (at most 30 s); prints "exited STATUS" or "listened", then the report's size.
ask_for_check() {
    local log="$check_dir/log" pid outcome=""
    rm -f "$check_dir/check.json" "$log"
    RELAY_DEPENDENCY_CHECK="$check_dir/check.json" "$1" --port 0 --database "$check_dir/books.sqlite" >"$log" 2>&1 &
    pid=$!
    for _ in $(seq 300); do
        if ! kill -0 "$pid" 2>/dev/null; then
            set +e; wait "$pid"; outcome="exited $?"; set -e
            break
        fi
        if grep -q "listening on" "$log"; then
            kill -TERM "$pid"; wait "$pid" || true
            outcome="listened"
            break
        fi
        sleep 0.1
    done
    [ -n "$outcome" ] || { kill -KILL "$pid"; outcome="hung"; }
    local size=0
    if [ -f "$check_dir/check.json" ]; then size="$(wc -c <"$check_dir/check.json")"; fi
    echo "$outcome report $size"
}
release_check="$(ask_for_check "$release")"
[ "$release_check" = "listened report 0" ] || fail "the release program answered a self-check request: $release_check"
if [ -x "$debug" ]; then
    debug_check="$(ask_for_check "$debug")"
    grep -Eq "^exited 0 report [1-9]" <<<"$debug_check" \
        || fail "the debug program did not check itself, so the release check proves nothing: $debug_check"
fi
rm -rf "$check_dir"

# The channel a program opens itself (RELAY_CONTROL_ENDPOINT) is a test hook too: the release
# program never connects out; the debug program, launched the same way, greets the listener.
release_endpoint="$("$root/Scripts/launch-with-control-endpoint.py" "$release")"
[ "$release_endpoint" = "no hello" ] || fail "the release program connected to a test's endpoint: $release_endpoint"
if [ -x "$debug" ]; then
    debug_endpoint="$("$root/Scripts/launch-with-control-endpoint.py" "$debug")"
    [ "$debug_endpoint" = "hello" ] \
        || fail "the debug program did not connect to the endpoint, so the release check proves nothing: $debug_endpoint"
fi

echo "The release builds have no -d option, no stubs, and no test hook open ($(wc -c <"$release") and $(wc -c <"$vapor") bytes checked)."
