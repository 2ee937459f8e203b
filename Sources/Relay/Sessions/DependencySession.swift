import Synchronization

/// Instructions applied over a running program's wiring for the work that carries the session,
/// and for nothing else: many driver tests share one launched program, each in a session of its
/// own.
///
/// A test opens a session on a program it launched (RelayTesting's `LaunchedProgram.openSession`),
/// over the channel the launcher handed the program. Work that carries the session is served from
/// the session's instructions first and the program's own wiring after: an HTTP request with the
/// ``headerName`` header (read by the unit-of-work middleware of RelayHummingbird and RelayVapor),
/// or any work run inside ``run(isolation:_:)``. Singletons such work builds belong to the
/// session, never to the program or another session, and are torn down when the session ends.
///
/// Sessions exist only in a program that reads instructions (it runs
/// ``InjectDependenciesArgumentParser``) and was launched with a channel: anywhere else
/// ``lookup(_:in:)`` answers ``Lookup/notAccepted`` and the header means nothing.
public final class DependencySession: Sendable {
    /// The HTTP header that carries a session's name: `Relay-Session`.
    public static let headerName = "Relay-Session"

    /// Whether this program takes sessions: it was launched with a channel, and has run
    /// ``InjectDependenciesArgumentParser``. An integration reads the header only when it does.
    public static var acceptsSessions: Bool { SessionRegistry.acceptsSessions }

    /// Declares that `reader` runs this program's work in the sessions of `container`'s root: it
    /// reads the ``headerName`` header of a request, or otherwise finds a session with
    /// ``lookup(_:in:)`` and runs work in it with ``run(isolation:_:)``.
    ///
    /// A test can open a session only in a program where something does: in any other, every
    /// request would be served from the program's own wiring, the session's instructions and stub
    /// answers would never be used, and the test would not know. Opening one there fails at once
    /// (RelayTesting's `ProgramSessionError` code `noSessionReader`), naming this fix.
    ///
    /// RelayHummingbird's `UnitOfWorkMiddleware` and RelayVapor's (which `app.useRelay(_:)` adds)
    /// declare themselves when they are made: a program that uses either calls nothing. A program
    /// that finds sessions by hand declares its reader before the test opens one, at start-up:
    ///
    /// ```swift
    /// DependencySession.declareReader("job runner", in: container)
    /// // … later, for each job that names a session:
    /// if case .found(let session) = DependencySession.lookup(job.session, in: container) {
    ///     try await session.run { try await job.perform() }
    /// }
    /// ```
    ///
    /// Declaring costs nothing at run time and changes no resolve: it is read only when a test
    /// opens a session. Declaring the same reader twice counts once.
    ///
    /// - Parameters:
    ///   - reader: What reads the sessions, for messages: `RelayHummingbird's UnitOfWorkMiddleware`.
    ///   - container: A container of the root whose sessions it reads; the global container by
    ///     default.
    public static func declareReader(_ reader: String, in container: DependencyContainer = .global) {
        SessionRegistry.declareReader(reader, root: container.root)
    }

    /// The longest name a session may have; a header past it is refused unread.
    public static let maximumNameLength = 64

    /// The logging metadata key that names a session on a line written for its work:
    /// `relay.session`. The integrations set it on each request's logger when the request carries a
    /// session; a logger a program makes itself sets it from ``current``. RelayTesting keeps a
    /// session's lines by it, so a failing test is shown its own lines and no other test's.
    public static let logMetadataKey = "relay.session"

    /// The session the current task's work runs in (``run(isolation:_:)``, or a request that
    /// carries the ``headerName`` header); `nil` outside any.
    ///
    /// ```swift
    /// import Logging
    /// import Relay
    ///
    /// func requestLogger(_ base: Logger) -> Logger {
    ///     var logger = base
    ///     if let session = DependencySession.current {
    ///         logger[metadataKey: DependencySession.logMetadataKey] = .string(session.name)
    ///     }
    ///     return logger
    /// }
    /// ```
    public static var current: DependencySession? { running }

    /// Bound by ``run(isolation:_:)`` only: work cannot claim a session it was not run in.
    @TaskLocal private static var running: DependencySession?

    /// The session's name, which the test chose.
    public let name: String

    /// The instructions applied in it, in order.
    public let instructions: [DependencyInjectionInstruction]

    /// Where the session's registrations and the instances built in it live.
    let layer: OverrideLayer

    init(name: String, instructions: [DependencyInjectionInstruction], layer: OverrideLayer) {
        self.name = name
        self.instructions = instructions
        self.layer = layer
    }

    /// Runs `operation` in the session: what it resolves from the session's root (and what its
    /// child tasks resolve) comes from the session's instructions first.
    ///
    /// ```swift
    /// if case .found(let session) = DependencySession.lookup(name, in: .global) {
    ///     try await session.run { try await job.perform() }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - isolation: Where `operation` runs: the caller's actor, by default.
    ///   - operation: The work that carries the session.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    public func run<Result>(
        isolation: isolated (any Actor)? = #isolation,
        _ operation: () async throws -> Result
    ) async rethrows -> Result {
        try await Self.$running.withValue(self, operation: { try await layer.entered(isolation: isolation, operation) })
    }

    // MARK: - Finding a session

    /// What a session name names.
    public enum Lookup: Sendable {
        /// The program takes no sessions (it was not launched with a channel, or reads no
        /// instructions): serve the work from the program's own wiring, as if no name were given.
        case notAccepted
        /// The session.
        case found(DependencySession)
        /// Sessions are taken, and this name names none: answer the request with a client error
        /// (HTTP 400), never another session's stubs.
        case refused(DependencySessionError)
    }

    /// The session `name` names on `container`'s root.
    ///
    /// - Parameters:
    ///   - name: The session's name, as the work carried it (a header's value).
    ///   - container: The program's root, or any container of it.
    /// - Returns: What the name names.
    public static func lookup(_ name: some StringProtocol, in container: DependencyContainer) -> Lookup {
        guard SessionRegistry.acceptsSessions else { return .notAccepted }
        guard name.utf8.count <= maximumNameLength, !name.isEmpty else {
            return .refused(DependencySessionError(.malformedName, name: String(name.prefix(maximumNameLength))))
        }
        guard let session = SessionRegistry.session(named: String(name), root: container.root) else {
            return .refused(DependencySessionError(.unknownSession, name: String(name)))
        }
        return .found(session)
    }

    /// The session a request names in its ``headerName`` header: the one decision that the
    /// unit-of-work middlewares of RelayHummingbird and RelayVapor both make, each only reading the
    /// header from its request and turning a refusal into its framework's response.
    ///
    /// ```swift
    /// // A middleware of another framework:
    /// let session: DependencySession?
    /// do {
    ///     session = try DependencySession.session(
    ///         forHeaderValues: request.headerValues(named: DependencySession.headerName), in: container)
    /// } catch {
    ///     throw HTTPError.badRequest(error.description)
    /// }
    /// ```
    ///
    /// The header is read only when the program takes sessions (``acceptsSessions``): a program
    /// launched without a channel pays one load per request. Its first value is the name.
    ///
    /// - Parameters:
    ///   - headerValues: The values of the request's `Relay-Session` header (names compare without
    ///     case), in the order the request has them; none when it has no such header.
    ///   - container: The container the request is served from, or any container of its root.
    /// - Returns: The session the header names; `nil` when it names none or the program takes no
    ///   sessions: serve the request from the program's own wiring.
    /// - Throws: ``DependencySessionError`` when the program takes sessions and the name is
    ///   malformed or names no open session: answer 400 Bad Request with its description, never
    ///   serve the request from another session's wiring or the program's, which a test would
    ///   mistake for its own.
    public static func session<HeaderValues: Sequence>(
        forHeaderValues headerValues: @autoclosure () -> HeaderValues,
        in container: DependencyContainer
    ) throws(DependencySessionError) -> DependencySession? where HeaderValues.Element: StringProtocol {
        guard SessionRegistry.acceptsSessions else { return nil }
        var values = headerValues().makeIterator()
        guard let name = values.next() else { return nil }
        switch lookup(name, in: container) {
        case .notAccepted: return nil
        case .found(let session): return session
        case .refused(let error): throw error
        }
    }
}
