// What the snippets of "Launching programs under test" assume (Scripts/check-doc-snippets.py
// compiles each beside this file). Values are never read: the snippets are compiled, not run.
// snippets import: Foundation, RelayTesting, Testing, BookshelfStubs
import RelayTesting
import RelayTestingHTTP

var launcher: ProgramLauncher {
    get { fatalError() }
    set {}
}
var client: ProgramHTTPClient { fatalError() }
