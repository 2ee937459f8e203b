/// A teardown that an owner owes to one instance it built: a container's cached instance
/// (``PendingTeardown``), a unit of work's instance (`UnitSlot`), an instance built for a unit that
/// ended meanwhile (``LateTeardown``).
///
/// Every owner ends what it owns through ``Teardowns/run(_:)``: the one place that decides the
/// order, what a failure does and what cancellation does.
protocol OwnedTeardown: Sendable {
    /// The registered type and name of the instance, for a failure's message.
    var key: RegistrationKey { get }

    /// The scope of the container whose registration built the instance.
    var scope: DependencyContainerScope { get }

    /// Runs the teardown, once.
    nonisolated(nonsending) func tearDown() async throws
}

/// The one way an owner's teardowns run.
enum Teardowns {
    /// Runs every teardown of `teardowns` in order (an owner hands them newest first), each
    /// exactly once, even after one throws, and returns those that threw.
    ///
    /// Teardowns are not cancelled with the work they clean up: when the calling task is cancelled
    /// as the ending starts (the unit ended because its task was cancelled), the teardowns run to
    /// the end in a task of their own, which the caller awaits and whose cancellation nothing
    /// requests. A teardown that awaits a commit, a close or a flush so completes instead of
    /// throwing `CancellationError` at once. (A cancellation that arrives while the teardowns run
    /// reaches the one running and those after it, as cancellation of any awaited work does.)
    ///
    /// - Parameters:
    ///   - teardowns: What the owner owes, in the order to run it.
    ///   - unitNumber: The number of the unit whose instances these are, for the failures'
    ///     messages; `nil` for a container's.
    /// - Returns: The teardowns that threw, in the order they ran.
    @inline(__always)
    nonisolated(nonsending) static func run<Owed: Sequence & Sendable>(
        _ teardowns: Owed,
        ofUnit unitNumber: Int? = nil
    ) async -> [DependencyShutdownError.Failure] where Owed.Element: OwnedTeardown {
        var failures: [DependencyShutdownError.Failure] = []
        var remaining = teardowns.makeIterator()
        // Asked once per ending, not per teardown: `Task.isCancelled` costs more than the rest of
        // the loop (measured: a unit with three teardowns closed 70 ns slower checking each).
        let isCancelled = Task.isCancelled
        while let teardown = remaining.next() {
            if isCancelled {
                // All of them in an unstructured task: it inherits the task-locals and the priority
                // but not the cancellation, and awaiting its value does not cancel it.
                let rest = ShieldedRest(first: teardown, iterator: remaining)
                let shielded = Task { await rest.runToEnd(ofUnit: unitNumber) }
                return failures + (await shielded.value)
            }
            do {
                try await teardown.tearDown()
            } catch {
                failures.append(failure(of: teardown, ofUnit: unitNumber, error))
            }
        }
        return failures
    }

    /// A teardown's failure. Out of line: the loop above stays small for the common case, where
    /// nothing throws (measured: a unit with three teardowns closed 70 ns faster than with a
    /// helper that returned an optional failure per teardown).
    @inline(never)
    static func failure<Teardown: OwnedTeardown>(
        of teardown: Teardown,
        ofUnit unitNumber: Int?,
        _ error: any Error
    ) -> DependencyShutdownError.Failure {
        DependencyShutdownError.Failure(
            requestedType: teardown.key.description, scope: teardown.scope, unitNumber: unitNumber,
            underlyingError: error)
    }

    /// The teardowns still to run when the caller's task was found cancelled.
    private struct ShieldedRest<Iterator: IteratorProtocol>: @unchecked Sendable where Iterator.Element: OwnedTeardown {
        // Safety: made by `run` from its own iterator, which it gives up at once (it returns what
        // the task returns), and consumed once, by that task: the iterator is never used by two
        // tasks. Its elements are `Sendable`.
        let first: Iterator.Element
        var iterator: Iterator

        func runToEnd(ofUnit unitNumber: Int?) async -> [DependencyShutdownError.Failure] {
            var failures: [DependencyShutdownError.Failure] = []
            var next: Iterator.Element? = first
            var iterator = iterator
            while let teardown = next {
                do {
                    try await teardown.tearDown()
                } catch {
                    failures.append(Teardowns.failure(of: teardown, ofUnit: unitNumber, error))
                }
                next = iterator.next()
            }
            return failures
        }
    }
}
