// What the snippets of RelayTesting's landing page assume (Scripts/check-doc-snippets.py compiles
// each beside this file). Values are never read: the snippets are compiled, not run.
// snippets import: RelayTesting, Testing, BookshelfStubs
import RelayTesting

/// The program of the `withLaunchedProgram` closure the second snippet sits in.
var program: LaunchedProgram { fatalError() }
