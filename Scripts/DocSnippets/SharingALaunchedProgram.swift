// What the snippets of "Sharing a Launched Program" assume (Scripts/check-doc-snippets.py compiles
// each beside this file): the Bookshelf example's catalog entry the text names. Values are never
// read: the snippets are compiled, not run.
// snippets import: RelayTesting, RelayTestingHTTP, RelayTestingSupport, Testing, BookshelfCore, BookshelfStubs
import BookshelfCore
import RelayTesting
import RelayTestingSupport

#if !SNIPPET_3
/// The bookshelf, launched once for the suites that share it (snippet 3 declares it itself).
enum SharedShelf {
    static var hummingbird: SharedProgram<Void> { fatalError() }
}
#endif

var wayOfKings: CatalogEntry { fatalError() }
/// The program's container, for a snippet of the program's side.
var container: DependencyContainer { fatalError() }
