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
/// A body streamed by other code than the middleware's (Vapor's `Request.unitOfWorkStream`) takes
/// the unit over: the body ends it, and the middleware leaves it open. Whether the unit has ended
/// and whether a body holds it are one state, so that the two can never disagree.
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

    /// Where the request's unit is in its life; every change is one transition (``Life/on(_:)``),
    /// made by a compare-and-exchange: the unit ends once, and a body takes it over once.
    private let life = Atomic(Life.open)

    /// Where a request's unit is in its life: whether it has ended (through this object), and
    /// whether a streamed body has taken it over, as one state.
    package enum Life: UInt8, AtomicRepresentable, CaseIterable, Sendable {
        /// The handler runs, or its response waits: the integration ends the unit.
        case open
        /// A streamed body has taken the unit over: it ends it after its last byte.
        case handedToBody
        /// Ended (its teardowns may still be running); no body took it over.
        case ended
        /// Ended, and a body took it over (before or after the end: a body made once the unit
        /// had ended is written in the ended unit, whose resolves then throw `unitOfWorkEnded`).
        case endedHandedToBody

        /// What happens to a request's unit.
        package enum Event: CaseIterable, Sendable {
            /// ``RequestUnitOfWork/end()``: the handler threw, the body was written, or the
            /// integration is done with the unit.
            case end
            /// ``RequestUnitOfWork/endUnlessHandedToBody()``: the integration is done with the unit
            /// unless a body holds it.
            case endUnlessHandedToBody
            /// ``RequestUnitOfWork/handToBody()``: a streamed body asks for the unit.
            case handToBody
            /// The last reference to the ``RequestUnitOfWork`` went away.
            case drop
        }

        /// What the request unit does after a transition.
        package enum Action: Equatable, Sendable {
            /// Nothing: the event does not apply to the state (a second end, a body that asks for
            /// a unit another body holds, a drop after the end).
            case none
            /// Ends the unit, awaiting its teardowns.
            case endUnit
            /// Ends the unit in a task the container tracks: nobody can await it any more.
            case endUnitInBackground
            /// Hands the unit to the body that asked for it.
            case handOver
        }

        /// The state after `event`, and what to do: the one place a request unit's life changes.
        package func on(_ event: Event) -> (next: Life, action: Action) {
            switch (self, event) {
            case (.open, .end), (.open, .endUnlessHandedToBody):
                (.ended, .endUnit)
            case (.handedToBody, .end):
                (.endedHandedToBody, .endUnit)
            case (.open, .handToBody):
                (.handedToBody, .handOver)
            case (.ended, .handToBody):
                (.endedHandedToBody, .handOver)
            case (.open, .drop):
                (.ended, .endUnitInBackground)
            case (.handedToBody, .drop):
                (.endedHandedToBody, .endUnitInBackground)
            case (.handedToBody, .endUnlessHandedToBody), (.handedToBody, .handToBody),
                (.ended, .end), (.ended, .endUnlessHandedToBody), (.ended, .drop),
                (.endedHandedToBody, _):
                (self, .none)
            }
        }

        /// Whether the unit has ended through the request unit.
        package var isEnded: Bool {
            switch self {
            case .open, .handedToBody: false
            case .ended, .endedHandedToBody: true
            }
        }
    }

    /// Makes `event`'s transition, and returns what to do.
    private func make(_ event: Life.Event) -> Life.Action {
        var current = life.load(ordering: .acquiring)
        while true {
            let (next, action) = current.on(event)
            if next == current { return action }
            let (exchanged, found) = life.compareExchange(
                expected: current, desired: next, ordering: .acquiringAndReleasing)
            if exchanged { return action }
            current = found
        }
    }

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
        await perform(make(.end))
    }

    /// Ends the unit, as ``end()`` does, unless a streamed body has taken it over
    /// (``handToBody()``): that body ends it after its last byte. For an integration whose
    /// handler has returned.
    nonisolated(nonsending) package func endUnlessHandedToBody() async {
        await perform(make(.endUnlessHandedToBody))
    }

    /// Hands the unit to a streamed body, which writes itself in it (``writeBody(isolation:_:)``)
    /// and so ends it after its last byte; ``endUnlessHandedToBody()`` then leaves it open.
    ///
    /// - Returns: Whether the body has the unit: `false` when another body took it over first (a
    ///   route made two streams), and the body is written outside the unit.
    package func handToBody() -> Bool {
        make(.handToBody) == .handOver
    }

    /// Whether the unit has been ended through this object.
    public var isEnded: Bool {
        life.load(ordering: .acquiring).isEnded
    }

    /// Does what a transition asked for.
    nonisolated(nonsending) private func perform(_ action: Life.Action) async {
        switch action {
        case .none, .handOver:
            return
        case .endUnit:
            let failures = await unit.end()
            if !failures.isEmpty {
                report(DependencyShutdownError(failures: failures, endingUnit: unit))
            }
        case .endUnitInBackground:
            unit.endInBackground(reportingTo: report)
        }
    }

    deinit {
        // The response was dropped without its body being written, or the integration never
        // ended the unit: it ends now, in a task the container tracks.
        if make(.drop) == .endUnitInBackground {
            unit.endInBackground(reportingTo: report)
        }
    }
}
