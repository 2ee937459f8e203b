import Relay
import RelayTestSupport
import Testing

private struct ObservedToken: Sendable {}

private struct ObservedSession: Sendable {
    let userID: String
}

extension ObservationTests {
    @Test("the observer sees resolutions with arguments as any other, failures included")
    func theObserverSeesResolutionsWithArguments() throws {
        let container = DependencyContainer()
        container.register(ObservedToken.self) { _ in ObservedToken() }
        container.register(ObservedSession.self) { (container, userID: String) in
            _ = try container.resolve(ObservedToken.self)
            return ObservedSession(userID: userID)
        }
        let events = Locked<[ResolutionEvent]>([])
        try DependencyContainer.withResolutionObserver { event in
            events.withLock { $0.append(event) }
        } operation: {
            _ = try container.container(for: .checkout).resolve(ObservedSession.self, arguments: "1")
            // Caught by the registration's factory: arguments of other types.
            #expect(throws: DependencyResolutionError.self) {
                try container.resolve(ObservedSession.self, arguments: 1)
            }
            // Caught before resolution: arguments for a registration that takes none.
            #expect(throws: DependencyResolutionError.self) {
                try container.resolve(ObservedToken.self, arguments: "1")
            }
        }

        let seen = events.withLock { $0 }
        #expect(seen.map(\.requestedType) == ["ObservedToken", "ObservedSession", "ObservedSession", "ObservedToken"])
        #expect(seen.map(\.outcome) == [.built, .built, .failed(.argumentMismatch), .failed(.argumentMismatch)])
        #expect(seen.map(\.depth) == [1, 0, 0, 0])
        #expect(seen.map(\.scope) == [.global, .checkout, .global, .global])
    }

    @Test("an observer that resolves the same type inside the call finds no arguments there")
    func anObserverThatResolvesTheSameTypeFindsNoArguments() throws {
        let container = DependencyContainer()
        container.register(ObservedSession.self) { (_, userID: String) in ObservedSession(userID: userID) }
        let inner = Locked<[String]>([])
        let observer: @Sendable (ResolutionEvent) -> Void = { event in
            guard event.requestedType == "ObservedSession", event.outcome == .built else { return }
            // Still inside the resolve that passed "1": its arguments were for its own factory only.
            do {
                let session = try container.resolve(ObservedSession.self)
                inner.withLock { $0.append("built for \(session.userID)") }
            } catch {
                inner.withLock { $0.append("\((error as? DependencyResolutionError)?.code.description ?? "other")") }
            }
        }

        let session = try DependencyContainer.withResolutionObserver(
            observer,
            operation: {
                try container.resolve(ObservedSession.self, arguments: "1")
            })
        #expect(session.userID == "1")
        #expect(inner.withLock { $0 } == ["argumentMismatch"])
    }
}
