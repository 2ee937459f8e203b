// What the snippets of RelayTestingSupport's doc comments assume
// (Scripts/check-doc-snippets.py compiles each beside this file): the shared program the text
// names and the small app its isolation snippets test. Values are never read: the snippets are
// compiled, not run.
// snippets import: RelayTesting, RelayTestingHTTP, RelayTestingSupport, Testing, XCTest, BookshelfStubs
import Foundation
import RelayTesting
import RelayTestingHTTP
import RelayTestingSupport

#if !SNIPPET_SharedProgram_1
/// The bookshelf, launched once for the suites that share it, with a client for its port.
enum SharedShelf {
    static var hummingbird: SharedProgram<ProgramHTTPClient> { fatalError() }
}
#endif

// MARK: - The app the isolation snippets test

/// The app's clock, and the fixed one its tests register.
protocol WallClock: Sendable {
    func now() -> Date
}

struct FixedClock: WallClock {
    static let date = Date(timeIntervalSince1970: 1_709_285_400)
    func now() -> Date { Self.date }
}

struct Receipt {
    let date: Date
}

/// The code under test, which resolves its clock from the global container.
struct Checkout {
    func receipt() throws -> Receipt { fatalError() }
}
