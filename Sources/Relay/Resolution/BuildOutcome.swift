/// How a build of a cached registration ended, as the resolvers that waited for it learn it.
enum BuildOutcome: Sendable {
    /// The instance is cached: read it (or, if it was released since, build again).
    case built
    /// The factory failed: every waiter of this build gets the same error, so one failing factory
    /// (a database that does not answer) runs once, not once per waiter.
    case failed(any Error)
    /// The build stopped because its own task was cancelled: waiters were not, so one of them
    /// builds anew.
    case abandoned
}
