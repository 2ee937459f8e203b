/// What synchronous work run in line for an async resolution (a synchronous factory, see
/// `ResolutionThreadState.inlineForAsync`) hands back to that resolution, thrown through the
/// synchronous frames between: something only the async resolution can do, because it can await.
///
/// Internal control flow, never a resolution's outcome: `ResolutionEngine.awaitingOthersBuilds`
/// catches it, acts, and either runs the work again or throws the user's error. The async front's
/// unit build throws a late instance the same way from its `keep`, so that the build fails (its
/// waiters share the error) before the teardown is awaited (``settled()``). The fronts'
/// factory wrappers pass it through unwrapped. Should a factory catch it and let it out in an
/// error of its own, it reads as the refusal it stands for.
enum InlineHandback: Error, CustomStringConvertible {
    /// Another resolver's build that a synchronous resolve would have waited for, blocking a
    /// thread of the cooperative pool: awaited, suspending, before the work runs again. `refusal`
    /// is how the resolve would have been refused (``DependencyResolutionError/Code/mustAwait``).
    case awaitBuild(PendingBuild, refusal: DependencyResolutionError)

    /// An instance built for a unit of work that ended meanwhile: torn down, awaited, before
    /// `error` (``DependencyResolutionError/Code/unitOfWorkEnded``) goes on.
    case endLate(LateInstance, error: DependencyResolutionError)

    /// The error the resolvers that shared the build get: a step back is no failure (`nil`: the
    /// build is given up, and a waiter builds anew); a late instance is the builder's alone to end.
    var sharedFailure: DependencyResolutionError? {
        switch self {
        case .awaitBuild: nil
        case .endLate(_, let error): error
        }
    }

    /// The error a user sees where the handback cannot go on to its async resolution (a
    /// synchronous start or validation run inside the work, a task started in it): the refusal or
    /// the unit's end; a late instance is then torn down in a task the container tracks.
    func settledAsUserError() -> DependencyResolutionError {
        switch self {
        case .awaitBuild(_, let refusal):
            return refusal
        case .endLate(let late, let error):
            late.settleInBackground()
            return error
        }
    }

    /// The error to throw where the handback reaches async code that can await: the refusal, or
    /// the unit's end once the late instance is torn down, awaited (not cancelled with the task),
    /// with the teardown's failure as its underlying error.
    nonisolated(nonsending) func settled() async -> DependencyResolutionError {
        switch self {
        case .awaitBuild(_, let refusal):
            return refusal
        case .endLate(let late, var error):
            let failures = await late.settle()
            if !failures.isEmpty, error.underlyingError == nil {
                error.underlyingError = ResolutionEngine.lateFailure(failures)
            }
            return error
        }
    }

    var description: String {
        switch self {
        case .awaitBuild(_, let refusal): refusal.description
        case .endLate(_, let error): error.description
        }
    }
}
