import BookshelfStubs
import RelayTesting
import RelayTestingHTTP
import RelayTestingSupport

/// One launched program per front end, shared by the suites whose tests need no launch of their
/// own: each test works in a session with its own stubs, all tests at once.
enum SharedShelf {
    /// What a test gets beside the program: a client of its port.
    struct Context: Sendable {
        let client: ProgramHTTPClient
    }

    static let hummingbird = shared(.hummingbird)
    static let vapor = shared(.vapor)

    /// The shared program of `front`.
    static func program(_ front: BookshelfFront) -> SharedProgram<Context> {
        switch front {
        case .hummingbird: hummingbird
        case .vapor: vapor
        }
    }

    /// The program's own wiring is the real one but for its store, so that nothing a session
    /// misses reaches a database file or the network.
    private static func shared(_ front: BookshelfFront) -> SharedProgram<Context> {
        SharedProgram(
            launcher: {
                try Bookshelf.launcher(
                    front, directory: try TemporaryDirectory(prefix: "shared-bookshelf"),
                    instructions: [.init(type: .bookStore, factory: .inMemoryBookStore)])
            },
            context: { program in Context(client: ProgramHTTPClient(port: try Bookshelf.port(of: program))) })
    }
}
