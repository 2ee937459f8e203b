// What the snippets of RelayTestingSupport's doc comments assume
// (Scripts/check-doc-snippets.py compiles each beside this file): the shared program the text
// names. Values are never read: the snippets are compiled, not run.
// snippets import: RelayTesting, RelayTestingHTTP, RelayTestingSupport, Testing, XCTest, BookshelfStubs
import RelayTesting
import RelayTestingHTTP
import RelayTestingSupport

#if !SNIPPET_SharedProgram_1
/// The bookshelf, launched once for the suites that share it, with a client for its port.
enum SharedShelf {
    static var hummingbird: SharedProgram<ProgramHTTPClient> { fatalError() }
}
#endif
