// What the snippets of RelayServiceLifecycle's doc comments assume (Scripts/check-doc-snippets.py
// compiles each beside this file). Values are never read: the snippets are compiled, not run.
// snippets import: Logging, Relay, RelayServiceLifecycle, ServiceLifecycle
import Logging
import ServiceLifecycle

var logger: Logger { fatalError() }
/// The program's server, another service of the group.
var application: any Service { fatalError() }
