#!/usr/bin/env bash
# Proves that the example's release builds ship no stubs and read no dependency instructions: it
# builds `bookshelf` (Hummingbird) and `bookshelf-vapor` with `-c release`, then checks that each
# program rejects -d as an unknown option and that neither binary holds any of the BookshelfStubs
# target's symbols or factory keys. The same
# search must find the stubs in the debug build (when there is one) and the real store in the
# release build, so the check cannot pass by looking at the wrong thing. Last, the release program
# serves a request that names a session from its own wiring (the driver test SharedProgramTests
# shows a debug program launched with a channel refusing the same name).
set -euo pipefail
cd "$(dirname "$0")/../Examples/Bookshelf"

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
# A release program takes no sessions: it reads no instructions, so no channel is ever opened, and
# a Relay-Session header (even with a channel named in the environment) means nothing. It serves
# the request from its own wiring (200), where a program that takes sessions would refuse an
# unknown name (400).
scratch="$(mktemp -d)"
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
RELAY_CONTROL_CHANNEL="3:1:1:1000" "$release" --port "$port" --database "$scratch/books.sqlite" >"$scratch/log" 2>&1 &
server=$!
for _ in $(seq 1 100); do
    grep -q "listening on" "$scratch/log" && break
    sleep 0.1
done
grep -q "listening on" "$scratch/log" || { kill "$server"; fail "the release program did not start: $(cat "$scratch/log")"; }
exec 5<>"/dev/tcp/127.0.0.1/$port"
printf 'GET /books HTTP/1.1\r\nHost: localhost\r\nRelay-Session: feedface\r\nConnection: close\r\n\r\n' >&5
response="$(cat <&5)"
exec 5<&-
kill "$server"
wait "$server" 2>/dev/null || true
head -1 <<<"$response" | grep -q " 200 " || fail "the release program did not ignore a session header: $(head -1 <<<"$response")"

echo "The release builds have no -d option, no stubs and no sessions ($(wc -c <"$release") and $(wc -c <"$vapor") bytes checked)."
