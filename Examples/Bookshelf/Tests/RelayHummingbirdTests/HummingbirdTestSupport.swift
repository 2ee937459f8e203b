import Hummingbird
import HummingbirdTesting
import Logging
import Relay
import RelayHummingbird
import RelayIntegrationTestSupport

/// The tests' request context: Hummingbird's basic context, with the request's unit of work.
struct TestRequestContext: UnitOfWorkRequestContext {
    var coreContext: CoreRequestContextStorage
    var unitOfWork: UnitOfWork?

    init(source: Source) {
        coreContext = .init(source: source)
    }
}

/// Runs `test` with the router test client of an application whose routes `build` adds, logging
/// through `logger`.
func withRouter(
    logger: Logger = Logger(label: "test"),
    _ build: (Router<TestRequestContext>) -> Void,
    test: @escaping @Sendable (any TestClientProtocol) async throws -> Void
) async throws {
    let router = Router(context: TestRequestContext.self)
    build(router)
    let app = Application(router: router, logger: logger)
    try await app.test(.router, test)
}

extension TestResponse {
    /// The body, as text.
    var text: String { String(buffer: body) }
}
