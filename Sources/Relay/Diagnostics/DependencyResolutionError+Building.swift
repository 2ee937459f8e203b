extension DependencyResolutionError {
    /// What building `registration` in `container` threw (for `start()` and validation), as a
    /// resolution error: resolution wraps every error itself, but a cancellation passes through,
    /// and none may be lost.
    static func building(
        _ registration: AnyRegistration,
        in container: DependencyContainer,
        threw error: any Error
    ) -> DependencyResolutionError {
        if let error = error as? DependencyResolutionError { return error }
        if let handback = error as? InlineHandback { return handback.settledAsUserError() }
        return DependencyResolutionError(
            code: .factoryFailed, requested: registration.key, scope: container.scope,
            path: [registration.key.description], underlyingError: error)
    }
}
