import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Relay
import RelayHummingbird
import RelayIntegrationTestSupport
import Testing

/// RelayHummingbird's `UnitOfWorkMiddleware`, through Hummingbird's router test client: the same
/// request-unit rules as RelayVapor's (`RelayVaporTests`), which these tests mirror.
@Suite("RelayHummingbird: a unit of work per request")
struct UnitOfWorkMiddlewareTests {
    @Test("a request resolves one instance however often it asks, and its unit ends when it is answered")
    func oneInstancePerRequest() async throws {
        let log = EventLog()
        let container = unitContainer(log: log)
        try await withRouter { router in
            router.add(middleware: UnitOfWorkMiddleware(container: container))
            router.get("token") { _, context -> String in
                let first = try await context.resolve(RequestToken.self)
                let second = try await context.resolve(RequestToken.self)
                return "\(first.number) \(first === second)"
            }
        } test: { client in
            try await client.execute(uri: "/token", method: .get) { #expect($0.text == "1 true") }
            #expect(log.recorded == ["built 1", "ended 1"])
            try await client.execute(uri: "/token", method: .get) { #expect($0.text == "2 true") }
        }
        #expect(log.recorded == ["built 1", "ended 1", "built 2", "ended 2"])
    }

    @Test("a unit's instances are torn down newest first")
    func teardownOrder() async throws {
        let log = EventLog()
        let container = unitContainer(log: log)
        try await withRouter { router in
            router.add(middleware: UnitOfWorkMiddleware(container: container))
            router.get("ledger") { _, context -> String in
                "\(try await context.resolve(Ledger.self).token.number)"
            }
        } test: { client in
            try await client.execute(uri: "/ledger", method: .get) { #expect($0.text == "1") }
        }
        #expect(log.recorded == ["built 1", "built ledger 1", "ended ledger 1", "ended 1"])
    }

    @Test("a request that fails ends its unit before the error reaches the middleware before it")
    func aFailedRequestEndsItsUnitFirst() async throws {
        let log = EventLog()
        let container = unitContainer(log: log)
        try await withRouter { router in
            router.add(middleware: ErrorRecordingMiddleware(log: log))
            router.add(middleware: UnitOfWorkMiddleware(container: container))
            router.get("fail") { _, context -> String in
                _ = try await context.resolve(RequestToken.self)
                throw HTTPError(.conflict)
            }
        } test: { client in
            try await client.execute(uri: "/fail", method: .get) { #expect($0.status == .conflict) }
        }
        #expect(log.recorded == ["built 1", "ended 1", "error: HTTPError"])
    }

    @Test("a streamed body runs in the unit, which ends after its last byte")
    func aStreamedBodyKeepsItsUnit() async throws {
        let log = EventLog()
        let container = unitContainer(log: log)
        try await withRouter { router in
            router.add(middleware: UnitOfWorkMiddleware(container: container))
            router.get("stream") { _, context -> Response in
                _ = try await context.resolve(RequestToken.self)
                guard let unit = context.unitOfWork else { throw RouteFailed() }
                return Response(
                    status: .ok,
                    body: ResponseBody { writer in
                        // After the route has returned: still the request's instance, from the
                        // context's unit and from the container (the unit is the task's).
                        let token = try await unit.resolve(RequestToken.self)
                        #expect(try await container.resolve(RequestToken.self) === token)
                        log.record("streamed with \(token.number)")
                        try await writer.write(ByteBuffer(string: "token \(token.number)"))
                        try await writer.finish(nil)
                    })
            }
        } test: { client in
            try await client.execute(uri: "/stream", method: .get) { #expect($0.text == "token 1") }
        }
        #expect(log.recorded == ["built 1", "streamed with 1", "ended 1"])
    }

    @Test("a body whose writing fails (a client gone mid-stream) ends its unit before the error goes on")
    func aFailedBodyEndsItsUnit() async throws {
        let log = EventLog()
        let container = unitContainer(log: log)
        try await withRouter { router in
            router.add(middleware: UnitOfWorkMiddleware(container: container))
            router.get("stream") { _, context -> Response in
                _ = try await context.resolve(RequestToken.self)
                return Response(
                    status: .ok,
                    body: ResponseBody { writer in
                        try await writer.write(ByteBuffer(string: "partial"))
                        throw RouteFailed()
                    })
            }
        } test: { client in
            await #expect(throws: RouteFailed.self) {
                try await client.execute(uri: "/stream", method: .get) { _ in }
            }
            #expect(log.recorded == ["built 1", "ended 1"])
        }
    }

    @Test("a response replaced by a middleware before it still has its unit ended, while the program runs")
    func aDroppedResponseEndsItsUnit() async throws {
        let log = EventLog()
        let container = unitContainer(log: log)
        try await withRouter { router in
            router.add(middleware: ReplacingMiddleware())
            router.add(middleware: UnitOfWorkMiddleware(container: container))
            router.get("token") { _, context -> String in
                "\(try await context.resolve(RequestToken.self).number)"
            }
        } test: { client in
            try await client.execute(uri: "/token", method: .get) { #expect($0.text == "replaced") }
            // Its body was never written: the unit ends once the response is dropped, not at
            // shutdown (none comes in this test).
            try await withDeadline(.seconds(10)) { await log.wait(for: "ended 1") }
        }
        #expect(log.recorded == ["built 1", "ended 1"])
    }

    @Test("a teardown that throws is logged with the request's logger, at error")
    func aFailedTeardownIsLogged() async throws {
        let log = EventLog()
        let records = LogRecords()
        let container = unitContainer(log: log, ledgerFails: true)
        try await withRouter(logger: records.logger()) { router in
            router.add(middleware: UnitOfWorkMiddleware(container: container))
            router.get("ledger") { _, context -> String in
                "\(try await context.resolve(Ledger.self).token.number)"
            }
        } test: { client in
            // The answer is sent all the same.
            try await client.execute(uri: "/ledger", method: .get) {
                #expect($0.status == .ok)
                #expect($0.text == "1")
            }
        }
        let errors = records.all.filter { $0.level == .error }
        try #require(errors.count == 1, "\(records.all)")
        #expect(describesFailedTeardown(errors[0].message, of: "Ledger", threw: "the ledger would not close"))
        #expect(errors[0].metadata["hb.request.id"] != nil, "not the request's logger: \(errors[0].metadata)")
        #expect(log.recorded == ["built 1", "built ledger 1", "ended ledger 1", "ended 1"])
    }

    @Test("a dropped response's failed teardown is logged with the request's logger too")
    func aDroppedResponsesFailedTeardownIsLogged() async throws {
        let records = LogRecords()
        let container = unitContainer(log: EventLog(), ledgerFails: true)
        try await withRouter(logger: records.logger()) { router in
            router.add(middleware: ReplacingMiddleware())
            router.add(middleware: UnitOfWorkMiddleware(container: container))
            router.get("ledger") { _, context -> String in
                "\(try await context.resolve(Ledger.self).token.number)"
            }
        } test: { client in
            try await client.execute(uri: "/ledger", method: .get) { #expect($0.text == "replaced") }
            try await withDeadline(.seconds(10)) { await records.wait(forLevel: .error) }
        }
        let errors = records.all.filter { $0.level == .error }
        try #require(errors.count == 1, "\(records.all)")
        #expect(describesFailedTeardown(errors[0].message, of: "Ledger", threw: "the ledger would not close"))
        #expect(errors[0].metadata["hb.request.id"] != nil, "not the request's logger: \(errors[0].metadata)")
    }

    @Test("a route without the middleware is told what to add")
    func withoutTheMiddleware() async throws {
        try await withRouter { router in
            router.get("token") { _, context -> String in
                do {
                    _ = try await context.resolve(RequestToken.self)
                    return "resolved"
                } catch let error as UnitOfWorkMiddlewareMissing {
                    #expect(error.requestedType == "RequestToken")
                    return error.description
                }
            }
        } test: { client in
            try await client.execute(uri: "/token", method: .get) {
                #expect(
                    $0.text
                        == "A route resolved 'RequestToken' from its request's unit of work, but the request has none: "
                        + "add UnitOfWorkMiddleware(container:) to the router before the route")
            }
        }
    }
}

/// Records an error that reaches it, then passes it on.
struct ErrorRecordingMiddleware: RouterMiddleware {
    typealias Context = TestRequestContext
    let log: EventLog

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            log.record("error: \(type(of: error))")
            throw error
        }
    }
}

/// Drops the response the rest of the chain made, unwritten, and answers `replaced` instead.
struct ReplacingMiddleware: RouterMiddleware {
    typealias Context = TestRequestContext

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        _ = try await next(request, context)
        return Response(status: .ok, body: ResponseBody(byteBuffer: ByteBuffer(string: "replaced")))
    }
}
