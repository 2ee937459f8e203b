import NIOCore
import Relay
import RelayVapor
import Testing
import Vapor
import VaporTesting

@Suite("RelayVapor: a unit of work per request")
struct UnitOfWorkMiddlewareTests {
    /// A container whose `RequestToken` is one per unit, numbered, and logged when torn down.
    static func container(log: EventLog) -> DependencyContainer {
        let container = DependencyContainer()
        let counter = Counter()
        container.register(RequestToken.self, lifecycle: .unitOfWork) { _ in
            let token = RequestToken(number: counter.next())
            log.record("built \(token.number)")
            return token
        } teardown: { token in
            log.record("ended \(token.number)")
        }
        return container
    }

    @Test("a request resolves one instance however often it asks, and its unit ends when it is answered")
    func oneInstancePerRequest() async throws {
        let log = EventLog()
        let container = Self.container(log: log)
        try await withRelayApp(container: container) { app in
            app.useRelay(container)
            app.get("token") { request async throws -> String in
                let first = try await request.resolve(RequestToken.self)
                let second = try await request.resolve(RequestToken.self)
                return "\(first.number) \(first === second)"
            }
            try await app.asyncBoot()
            #expect(try await app.sendRequest(.GET, "token").body.string == "1 true")
            #expect(try await app.sendRequest(.GET, "token").body.string == "2 true")
        }
        #expect(log.recorded == ["built 1", "ended 1", "built 2", "ended 2"])
    }

    @Test("a synchronous route resolves from its request's unit too")
    func aSynchronousRoute() async throws {
        let log = EventLog()
        let container = Self.container(log: log)
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

    @Test("a request that fails still ends its unit")
    func aFailedRequestEndsItsUnit() async throws {
        let log = EventLog()
        let container = Self.container(log: log)
        try await withRelayApp(container: container) { app in
            app.useRelay(container)
            app.middleware.use(ErrorMiddleware.default(environment: .testing))
            app.get("fail") { request async throws -> String in
                _ = try await request.resolve(RequestToken.self)
                throw Abort(.conflict, reason: "no")
            }
            try await app.asyncBoot()
            #expect(try await app.sendRequest(.GET, "fail").status == .conflict)
        }
        #expect(log.recorded == ["built 1", "ended 1"])
    }

    @Test("a body streamed with unitOfWorkStream runs in the unit, which ends after its last byte")
    func aStreamedBodyKeepsItsUnit() async throws {
        let log = EventLog()
        let container = Self.container(log: log)
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

    @Test("a route without the middleware is told what to add")
    func withoutTheMiddleware() async throws {
        let container = Self.container(log: EventLog())
        try await withRelayApp(container: container) { app in
            app.get("token") { request async throws -> String in
                do {
                    _ = try await request.resolve(RequestToken.self)
                    return "resolved"
                } catch let error as UnitOfWorkMiddlewareMissing {
                    return error.description
                }
            }
            let answer = try await app.sendRequest(.GET, "token").body.string
            #expect(
                answer.hasPrefix(
                    "A route resolved 'RequestToken' from its request's unit of work, but the request has none"))
            #expect(answer.contains("UnitOfWorkMiddleware"))
        }
    }

    @Test("useRelay makes the container the application's")
    func theApplicationReachesItsContainer() async throws {
        let container = Self.container(log: EventLog())
        try await withRelayApp(container: container) { app in
            #expect(app.dependencies === DependencyContainer.global)
            app.useRelay(container)
            #expect(app.dependencies === container)
        }
    }
}
