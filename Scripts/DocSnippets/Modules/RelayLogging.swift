// What the snippets of RelayLogging's doc comments assume (Scripts/check-doc-snippets.py compiles
// each beside this file). The example does not link RelayLogging, so these compile against the
// package's own build with its tests' traits (.build-traits, which Scripts/test.sh builds).
// Values are never read: the snippets are compiled, not run.
// snippets build: traits
// snippets import: Logging, Relay, RelayLogging
import Logging

var logger: Logger { fatalError() }
