import Logging
import NIOCore
import Relay
import RelayIntegrationTestSupport
import RelayVapor
import Testing
import Vapor
import VaporTesting

/// RelayVapor's `UnitOfWorkMiddleware` and `unitOfWorkStream`, through VaporTesting: the same
/// request-unit rules as RelayHummingbird's (`RelayHummingbirdTests`), which these tests mirror.
@Suite("RelayVapor: a unit of work per request")
struct UnitOfWorkMiddlewareTests {
    @Test("a request resolves one instance however often it asks, and its unit ends when it is answered")
    func oneInstancePerRequest() async throws {
        let log = EventLog()
        let container = unitContainer(log: log)
        try await withRelayApp(container: container) { app in
            app.useRelay(container)
            app.get("token") { request async throws -> String in
                let first = try await request.resolve(RequestToken.self)
                let second = try await request.resolve(RequestToken.self)
                return "\(first.number) \(first === second)"
            }
            try await app.asyncBoot()
            #expect(try await app.sendRequest(.GET, "token").body.string == "1 true")
            #expect(log.recorded == ["built 1", "ended 1"])
            #expect(try await app.sendRequest(.GET, "token").body.string == "2 true")
        }
        #expect(log.recorded == ["built 1", "ended 1", "built 2", "ended 2"])
    }

    @Test("a unit's instances are torn down newest first")
    func teardownOrder() async throws {
        let log = EventLog()
        let container = unitContainer(log: log)
        try await withRelayApp(container: container) { app in
            app.useRelay(container)
            app.get("ledger") { request async throws -> String in
                "\(try await request.resolve(Ledger.self).token.number)"
            }
            try await app.asyncBoot()
            #expect(try await app.sendRequest(.GET, "ledger").body.string == "1")
        }
        #expect(log.recorded == ["built 1", "built ledger 1", "ended ledger 1", "ended 1"])
    }

    @Test("a synchronous route resolves from its request's unit too")
    func aSynchronousRoute() async throws {
        let log = EventLog()
        let container = unitContainer(log: log)
        try await withRelayApp(container: container) { app in
            app.useRelay(container)
            app.get("token") { request throws -> String in
                let first: RequestToken = try request.resolve()
                return "\(first.number) \(try request.resolve(RequestToken.self) === first)"
            }
            try await app.asyncBoot()
            #expect(try await app.sendRequest(.GET, "token").body.string == "1 true")
        }
        #expect(log.recorded == ["built 1", "ended 1"])
    }

    @Test("a request that fails ends its unit before the error reaches the middleware before it")
    func aFailedRequestEndsItsUnitFirst() async throws {
        let log = EventLog()
        let container = unitContainer(log: log)
        try await withRelayApp(container: container) { app in
            // Vapor's error middleware outermost, then one that records what the unit's
            // middleware (which useRelay puts first) passes on.
            app.middleware = Middlewares()
            app.useRelay(container)
            app.middleware.use(ErrorRecordingMiddleware(log: log), at: .beginning)
            app.middleware.use(ErrorMiddleware.default(environment: .testing), at: .beginning)
            app.get("fail") { request async throws -> String in
                _ = try await request.resolve(RequestToken.self)
                throw Abort(.conflict, reason: "no")
            }
            try await app.asyncBoot()
            #expect(try await app.sendRequest(.GET, "fail").status == .conflict)
        }
        #expect(log.recorded == ["built 1", "ended 1", "error: Abort"])
    }

    @Test("a body streamed with unitOfWorkStream runs in the unit, which ends after its last byte")
    func aStreamedBodyKeepsItsUnit() async throws {
        let log = EventLog()
        let container = unitContainer(log: log)
        try await withRelayApp(container: container) { app in
            app.useRelay(container)
            app.get("stream") { request async throws -> Response in
                _ = try await request.resolve(RequestToken.self)
                return Response(
                    body: request.unitOfWorkStream { writer in
                        // After the route has returned: still the request's instance.
                        let token = try await request.resolve(RequestToken.self)
                        log.record("streamed with \(token.number)")
                        try await writer.writeBuffer(ByteBuffer(string: "token \(token.number)"))
                        try await writer.write(.end)
                    })
            }
            try await app.asyncBoot()
            #expect(try await app.sendRequest(.GET, "stream").body.string == "token 1")
        }
        #expect(log.recorded == ["built 1", "streamed with 1", "ended 1"])
    }

    @Test("a stream whose closure throws (a client gone mid-stream) ends with the error, and its unit ends first")
    func aThrowingStreamEndsWithItsError() async throws {
        let log = EventLog()
        let container = unitContainer(log: log)
        try await withRelayApp(container: container) { app in
            app.useRelay(container)
            app.get("stream") { request async throws -> Response in
                _ = try await request.resolve(RequestToken.self)
                return Response(
                    body: request.unitOfWorkStream { writer in
                        try await writer.writeBuffer(ByteBuffer(string: "partial"))
                        throw RouteFailed()
                    })
            }
            try await app.asyncBoot()
            // The stream's reader (VaporTesting's collector, in place of the connection) is told
            // the stream failed; unended, it would never answer (and NIO would stop the process
            // on the promise it leaked).
            // (`performTest`, not `sendRequest`, which records the error as an issue.)
            let tester = try app.testing()
            await #expect(throws: RouteFailed.self) {
                try await withDeadline {
                    try await tester.performTest(
                        request: TestingHTTPRequest(method: .GET, url: "/stream", headers: [:], body: ByteBuffer()))
                }
            }
            #expect(log.recorded == ["built 1", "ended 1"])
        }
    }

    @Test("a stream whose closure returns without ending it is ended for it, and its unit ends")
    func anUnendedStreamIsEnded() async throws {
        let log = EventLog()
        let container = unitContainer(log: log)
        try await withRelayApp(container: container) { app in
            app.useRelay(container)
            app.get("stream") { request async throws -> Response in
                Response(
                    body: request.unitOfWorkStream { writer in
                        let token = try await request.resolve(RequestToken.self)
                        try await writer.writeBuffer(ByteBuffer(string: "token \(token.number)"))
                    })
            }
            try await app.asyncBoot()
            let answer = try await withDeadline { try await app.sendRequest(.GET, "stream") }
            #expect(answer.body.string == "token 1")
            #expect(log.recorded == ["built 1", "ended 1"])
        }
    }

    @Test("a stream made without the middleware is still ended as Vapor requires")
    func aStreamWithoutAUnitIsEnded() async throws {
        try await withRelayApp(container: DependencyContainer()) { app in
            app.get("stream") { request async throws -> Response in
                Response(
                    body: request.unitOfWorkStream { writer in
                        try await writer.writeBuffer(ByteBuffer(string: "no unit"))
                    })
            }
            try await app.asyncBoot()
            let answer = try await withDeadline { try await app.sendRequest(.GET, "stream") }
            #expect(answer.body.string == "no unit")
        }
    }

    @Test("a streamed response replaced by a middleware before it still has its unit ended, while the program runs")
    func aDroppedStreamEndsItsUnit() async throws {
        let log = EventLog()
        let container = unitContainer(log: log)
        try await withRelayApp(container: container) { app in
            app.useRelay(container)
            app.middleware.use(ReplacingMiddleware(), at: .beginning)
            app.get("stream") { request async throws -> Response in
                _ = try await request.resolve(RequestToken.self)
                return Response(
                    body: request.unitOfWorkStream { writer in
                        try await writer.writeBuffer(ByteBuffer(string: "never written"))
                    })
            }
            try await app.asyncBoot()
            #expect(try await app.sendRequest(.GET, "stream").body.string == "replaced")
            // The stream was never written: the unit ends once the request and its body are
            // released, not at shutdown.
            try await withDeadline(.seconds(10)) { await log.wait(for: "ended 1") }
        }
        #expect(log.recorded == ["built 1", "ended 1"])
    }

    @Test("a teardown that throws is logged with the request's logger, at error")
    func aFailedTeardownIsLogged() async throws {
        let log = EventLog()
        let records = LogRecords()
        let container = unitContainer(log: log, ledgerFails: true)
        try await withRelayApp(container: container) { app in
            app.logger = records.logger()
            app.useRelay(container)
            app.get("ledger") { request async throws -> String in
                "\(try await request.resolve(Ledger.self).token.number)"
            }
            try await app.asyncBoot()
            // The answer is sent all the same.
            let answer = try await app.sendRequest(.GET, "ledger")
            #expect(answer.status == .ok)
            #expect(answer.body.string == "1")
        }
        let errors = records.all.filter { $0.level == .error }
        try #require(errors.count == 1, "\(records.all)")
        #expect(describesFailedTeardown(errors[0].message, of: "Ledger", threw: "the ledger would not close"))
        #expect(errors[0].metadata["request-id"] != nil, "not the request's logger: \(errors[0].metadata)")
        #expect(log.recorded == ["built 1", "built ledger 1", "ended ledger 1", "ended 1"])
    }

    @Test("a dropped stream's failed teardown is logged with the request's logger too")
    func aDroppedStreamsFailedTeardownIsLogged() async throws {
        let records = LogRecords()
        let container = unitContainer(log: EventLog(), ledgerFails: true)
        try await withRelayApp(container: container) { app in
            app.logger = records.logger()
            app.useRelay(container)
            app.middleware.use(ReplacingMiddleware(), at: .beginning)
            app.get("ledger") { request async throws -> Response in
                _ = try await request.resolve(Ledger.self)
                return Response(body: request.unitOfWorkStream { _ in })
            }
            try await app.asyncBoot()
            #expect(try await app.sendRequest(.GET, "ledger").body.string == "replaced")
            try await withDeadline(.seconds(10)) { await records.wait(forLevel: .error) }
        }
        let errors = records.all.filter { $0.level == .error }
        try #require(errors.count == 1, "\(records.all)")
        #expect(describesFailedTeardown(errors[0].message, of: "Ledger", threw: "the ledger would not close"))
        #expect(errors[0].metadata["request-id"] != nil, "not the request's logger: \(errors[0].metadata)")
    }

    @Test(
        "useRelay logs the teardown failures nobody else receives with the application's logger, beside the program's observer, until the application has shut down"
    )
    func unansweredFailuresAreLogged() async throws {
        let records = LogRecords()
        let container = unitContainer(log: EventLog(), ledgerFails: true)
        // The program's own observer, added first: useRelay's must not silence it.
        let programSaw = EventLog()
        container.addTeardownFailureObserver { programSaw.record("\($0)") }
        try await withRelayApp(container: container) { app in
            app.logger = records.logger(label: "app")
            app.useRelay(container)
            try await app.asyncBoot()
            // A unit opened outside any request, and dropped without being ended.
            try await resolveInDroppedUnit(Ledger.self, from: container)
            try await withDeadline(.seconds(10)) { await records.wait(forLevel: .error) }
            // Logged as it happened, while the application runs (its shutdown reports it again).
            let errors = records.all.filter { $0.level == .error }
            try #require(errors.count == 1, "\(records.all)")
            #expect(describesFailedTeardown(errors[0].message, of: "Ledger", threw: "the ledger would not close"))
            #expect(errors[0].metadata["request-id"] == nil, "a request's logger: \(errors[0].metadata)")
        }
        // The application's shutdown awaited the ending: the program's observer was told too.
        try #require(programSaw.recorded.count == 1, "\(programSaw.recorded)")
        #expect(describesFailedTeardown(programSaw.recorded[0], of: "Ledger", threw: "the ledger would not close"))
        // After the application, its logger is no longer told; the program's observer still is.
        try await resolveInDroppedUnit(Ledger.self, from: container)
        await #expect(throws: DependencyShutdownError.self) { try await container.shutdown() }
        #expect(programSaw.recorded.count == 2, "\(programSaw.recorded)")
        let observed = records.all.filter {
            describesFailedTeardown($0.message, of: "Ledger", threw: "the ledger would not close")
        }
        #expect(observed.count == 1, "\(records.all)")
    }

    /// Resolves `type` in a unit of work that is then dropped without being ended.
    private func resolveInDroppedUnit<Service>(_ type: Service.Type, from container: DependencyContainer) async throws {
        let unit = container.openUnitOfWork()
        _ = try await unit.resolve(type)
    }

    @Test("a route without the middleware is told what to add")
    func withoutTheMiddleware() async throws {
        try await withRelayApp(container: DependencyContainer()) { app in
            app.get("token") { request async throws -> String in
                do {
                    _ = try await request.resolve(RequestToken.self)
                    return "resolved"
                } catch let error as UnitOfWorkMiddlewareMissing {
                    #expect(error.requestedType == "RequestToken")
                    return error.description
                }
            }
            let answer = try await app.sendRequest(.GET, "token").body.string
            #expect(
                answer
                    == "A route resolved 'RequestToken' from its request's unit of work, but the request has none: "
                    + "add UnitOfWorkMiddleware(container:) to app.middleware (at: .beginning), or call app.useRelay()")
        }
    }

    @Test("useRelay makes the container the application's")
    func theApplicationReachesItsContainer() async throws {
        let container = unitContainer(log: EventLog())
        try await withRelayApp(container: container) { app in
            #expect(app.dependencies === DependencyContainer.global)
            app.useRelay(container)
            #expect(app.dependencies === container)
        }
    }
}

/// Records an error that reaches it, then passes it on.
struct ErrorRecordingMiddleware: AsyncMiddleware {
    let log: EventLog

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        do {
            return try await next.respond(to: request)
        } catch {
            log.record("error: \(type(of: error))")
            throw error
        }
    }
}

/// Drops the response the rest of the chain made, unwritten, and answers `replaced` instead.
struct ReplacingMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        _ = try await next.respond(to: request)
        return Response(body: .init(string: "replaced"))
    }
}
