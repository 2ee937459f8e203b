#!/usr/bin/env bash
# Proves that the example's release builds ship no stubs and read no dependency instructions: it
# builds `bookshelf` (Hummingbird) and `bookshelf-vapor` with `-c release`, then checks that each
# program rejects -d as an unknown option and that neither binary holds any of the BookshelfStubs
# target's symbols or factory keys. The same
# search must find the stubs in the debug build (when there is one) and the real store in the
# release build, so the check cannot pass by looking at the wrong thing.
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
echo "The release builds have no -d option and no stubs ($(wc -c <"$release") and $(wc -c <"$vapor") bytes checked)."
