import Synchronization

/// One request's unit of work, as an HTTP integration runs it: the one policy that
/// `RelayHummingbird` and `RelayVapor` both follow, so that every front end ends its request units
/// the same way.
///
/// The unit opens with the request; the handler runs in it (``respond(isolation:_:)``); a streamed
/// body may keep it open until its last byte (``writeBody(isolation:_:)``); and it ends exactly
/// once, whichever comes first:
/// - the handler throws: the unit ends before the error goes on;
/// - the body has been written, or writing it failed (the client went away mid-stream): the unit
///   ends after the last byte, or the failure;
/// - the integration ends it (``end()``) once the response needs nothing more from it;
/// - the response is dropped without its body ever being written (the client disconnected before
///   the response, a later middleware replaced it): when the last reference to this object goes,
///   the unit ends in a task the container tracks, so its teardowns still run while the program
///   runs, and ``DependencyContainer/shutdown()`` awaits them.
///
/// Teardown failures go to `report`, which the integrations point at the request's logger: by
/// then the response is on its way, and nobody else could receive them.
///
/// A request that carries a ``DependencySession`` (the integrations read its
/// ``DependencySession/headerName`` header) runs its handler and its body in the session.
///
/// ```swift
/// let requestUnit = RequestUnitOfWork(container: container) { failure in
///     logger.error("\(failure)")
/// }
/// let response = try await requestUnit.respond { try await next(request) }
/// // hand `requestUnit` to the body, which calls `writeBody`, or call `end()`
/// ```
public final class RequestUnitOfWork: Sendable {
    /// The request's unit of work.
    public let unit: UnitOfWork

    /// The session the request carries; `nil` for the program's own wiring.
    public let session: DependencySession?

    /// Who receives the failures of the unit's teardowns.
    private let report: @Sendable (DependencyShutdownError) -> Void

    /// Set by the first end, whoever makes it: the unit ends once.
    private let isEnding = Atomic(false)

    /// Opens a unit of work for one request.
    ///
    /// - Parameters:
    ///   - container: The container whose unit-of-work registrations the request gets.
    ///   - session: The session the request carries; `nil` (the default) for none.
    ///   - report: Receives a ``DependencyShutdownError`` when a teardown of the unit throws; the
    ///     integrations log it with the request's logger, at `error`.
    public init(
        container: DependencyContainer,
        session: DependencySession? = nil,
        reportingFailuresTo report: @escaping @Sendable (DependencyShutdownError) -> Void
    ) {
        self.unit = container.openUnitOfWork()
        self.session = session
        self.report = report
    }

    /// Runs `work` in the unit, and in the request's session if it carries one.
    private func inUnit<Result>(
        isolation: isolated (any Actor)?,
        _ work: () async throws -> Result
    ) async throws -> Result {
        guard let session else { return try await unit.run(isolation: isolation, work) }
        return try await session.run(isolation: isolation) { try await unit.run(isolation: isolation, work) }
    }

    /// Runs the request's handler (the rest of the middleware chain) in the unit. When it throws,
    /// the unit ends, awaited, before the error goes on; when it returns, the unit stays open for
    /// the response's body.
    ///
    /// - Parameters:
    ///   - isolation: Where `handler` runs: the caller's actor, by default.
    ///   - handler: Produces the response.
    /// - Returns: What `handler` returns.
    /// - Throws: What `handler` throws, once the unit has ended.
    public func respond<Response>(
        isolation: isolated (any Actor)? = #isolation,
        _ handler: () async throws -> Response
    ) async throws -> Response {
        do {
            return try await inUnit(isolation: isolation, handler)
        } catch {
            await end()
            throw error
        }
    }

    /// Writes the response's body in the unit (the body may resolve the unit's instances until its
    /// last byte), then ends the unit: after the last byte, and also when writing throws (a client
    /// that went away mid-stream), before the error goes on.
    ///
    /// - Parameters:
    ///   - isolation: Where `write` runs: the caller's actor, by default.
    ///   - write: Writes the body.
    /// - Throws: What `write` throws, once the unit has ended.
    public func writeBody(
        isolation: isolated (any Actor)? = #isolation,
        _ write: () async throws -> Void
    ) async throws {
        do {
            try await inUnit(isolation: isolation, write)
        } catch {
            await end()
            throw error
        }
        await end()
    }

    /// Ends the unit, once: its teardowns run newest first, to the end (not cancelled with the
    /// request), and a failure goes to the `report` given at `init`. A second call, or one after
    /// the unit ended otherwise, does nothing.
    nonisolated(nonsending) public func end() async {
        guard !isEnding.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let failures = await unit.end()
        if !failures.isEmpty {
            report(DependencyShutdownError(failures: failures, endingUnit: unit))
        }
    }

    /// Whether the unit has been ended through this object.
    public var isEnded: Bool {
        isEnding.load(ordering: .acquiring)
    }

    deinit {
        // The response was dropped without its body being written, or the integration never
        // ended the unit: it ends now, in a task the container tracks.
        if !isEnding.load(ordering: .acquiring) {
            unit.endInBackground(reportingTo: report)
        }
    }
}
