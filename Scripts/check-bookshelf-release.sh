#!/usr/bin/env bash
# Proves that the example's release build ships no stubs and reads no dependency instructions:
# it builds `bookshelf -c release`, then checks that the program rejects -d as an unknown option
# and that the binary holds none of the BookshelfStubs target's symbols or factory keys. The same
# search must find the stubs in the debug build (when there is one) and the real store in the
# release build, so the check cannot pass by looking at the wrong thing.
set -euo pipefail
cd "$(dirname "$0")/../Examples/Bookshelf"

fail() {
    echo "check-bookshelf-release: $1" >&2
    exit 1
}

swift build -c release --product bookshelf
release="$(swift build -c release --show-bin-path)/bookshelf"

# What the stubs target defines: its types and its factory keys.
stubs='BookshelfStubs|InMemoryBookStore|StubCatalogClient|UnavailableCatalogClient|FixedClock|SequentialIDGenerator|BookshelfStubFactoryIndex|BookshelfTypeIndex'
keys='inMemoryBookStore|fixedClock|sequentialIDs|stubCatalog|unavailableCatalog|catalogFailingToClose'

# The symbol lists go through files: `nm | grep -q` fails under pipefail when grep stops reading.
symbols="$(mktemp)"
trap 'rm -f "$symbols"' EXIT
nm "$release" >"$symbols"
grep -q 'SQLiteBookStore' "$symbols" || fail "the release binary has no symbols to search (stripped?)"
if grep -Eq "$stubs" "$symbols"; then
    fail "the release binary contains stub symbols: $(grep -E "$stubs" "$symbols" | head -3)"
fi
if grep -aEq "$keys" "$release"; then
    fail "the release binary contains a stub's factory key: $(grep -aEo "$keys" "$release" | head -1)"
fi

debug="$(swift build --show-bin-path)/bookshelf"
if [ -x "$debug" ]; then
    nm "$debug" >"$symbols"
    grep -Eq "$stubs" "$symbols" || fail "the search finds no stub in the debug binary either: it proves nothing"
    grep -aEq "$keys" "$debug" || fail "the search finds no factory key in the debug binary either"
fi

set +e
output="$("$release" -d type=clock,factory=fixedClock --port 0 2>&1)"
status=$?
set -e
[ "$status" -eq 64 ] || fail "the release program exited $status for -d, not 64 (usage error): $output"
grep -q "Unknown option '-d'" <<<"$output" || fail "the release program did not reject -d as unknown: $output"
if "$release" --help | grep -- '--dependency' >/dev/null; then
    fail "the release program's help still offers --dependency"
fi
echo "The release build has no -d option and no stubs ($(wc -c <"$release") bytes checked)."
