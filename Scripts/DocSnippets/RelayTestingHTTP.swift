// What the snippets of RelayTestingHTTP's landing page assume (Scripts/check-doc-snippets.py
// compiles each beside this file). Values are never read: the snippets are compiled, not run.
// snippets import: RelayTesting, RelayTestingHTTP, Testing, BookshelfStubs
import RelayTesting
import RelayTestingHTTP

var launcher: ProgramLauncher { fatalError() }
var client: ProgramHTTPClient { fatalError() }
