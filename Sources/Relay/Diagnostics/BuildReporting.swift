import Synchronization

/// One build, or one resolve a reporting factory made, as a build report tells it: what was asked
/// for, where, which registration answered, how it ended, and for whom.
///
/// Made only while a listener is installed (see ``BuildReporting``).
struct BuildReport {
    /// What was asked for.
    let key: RegistrationKey

    /// The registration that answered; `nil` when nothing did.
    let registration: AnyRegistration?

    /// The container that holds that registration (or an override's layer of it); `nil` when
    /// nothing answered.
    let registeredIn: DependencyContainer?

    /// The container asked.
    let askedIn: DependencyContainer

    /// Built, cached, or why not.
    let outcome: ResolutionEvent.Outcome

    /// The dynamic type of the instance; `nil` when there is none.
    let instanceType: Any.Type?

    /// The registration whose factory asked, and the scope of its container; `nil` for a resolve
    /// from outside any factory.
    let requestedBy: (key: RegistrationKey, scope: DependencyContainerScope)?
}

/// Where builds are reported, for a listener that must see what a program builds and resolves
/// without changing how it resolves (the wiring account a launcher asks for).
///
/// This is the seam between the engine and whatever listens: the engine names no listener. What
/// is reported (see `ResolutionEngine+BuildReports`): the first successful build of each
/// registration (and each build until one succeeds), and while that first build runs, every
/// resolve its factory makes, built or cached; failures to find a key. A cached read never
/// reports and never looks here, and a registration that does not report costs its builds one
/// flag's read: in a program with no listener that is every registration, so a listened-to
/// program runs the code a plain run runs, but for the first build of each registration.
enum BuildReporting {
    /// Whether a listener is installed: registrations made from now on start out reporting.
    private static let active = Atomic<Bool>(false)

    /// The listeners.
    private static let listeners = LockedValue<[@Sendable (BuildReport) -> Void]>([])

    /// The async factory whose first build runs in this task and reports what it resolves (its
    /// registration's identity); bound around that factory alone.
    @TaskLocal static var reportingAsyncFactory: ObjectIdentifier?

    /// Whether anyone listens.
    @inline(__always)
    static var isActive: Bool {
        active.load(ordering: .relaxed)
    }

    /// Adds a listener for the rest of the process's life, and asks `registrations` (those that
    /// exist already; those made later report from the start) to report their next build.
    static func addListener(
        reporting registrations: [AnyRegistration],
        _ listener: @escaping @Sendable (BuildReport) -> Void
    ) {
        listeners.withLockedValue { $0.append(listener) }
        // Before the registrations are marked: a registration made meanwhile reports too.
        active.store(true, ordering: .relaxed)
        for registration in registrations {
            registration.reportsNextBuild = true
        }
    }

    /// Tells every listener.
    static func report(_ report: BuildReport) {
        for listener in listeners.withLockedValue({ $0 }) {
            listener(report)
        }
    }

    /// Reports a failure to find `key`, when anyone listens. Called where the error is made, once
    /// per failure, however many resolves it passes through on its way out.
    static func reportFailure(
        _ code: DependencyResolutionError.Code,
        of key: RegistrationKey,
        in container: DependencyContainer,
        requestedBy: @autoclosure () -> (key: RegistrationKey, scope: DependencyContainerScope)?
    ) {
        guard isActive else { return }
        report(
            BuildReport(
                key: key, registration: nil, registeredIn: nil, askedIn: container, outcome: .failed(code),
                instanceType: nil, requestedBy: requestedBy()))
    }

    /// What a build or resolve that threw `error` is reported as; `nil` when it is no outcome (the
    /// engine's own step back to await another's build).
    static func outcome(of error: any Error) -> ResolutionEvent.Outcome? {
        switch error {
        case let error as DependencyResolutionError:
            return .failed(error.code)
        case let handback as InlineHandback:
            // A step back to await another's build is no outcome yet; a unit's end is a failure.
            return handback.sharedFailure.map { .failed($0.code) }
        case is CancellationError:
            return .cancelled
        default:
            // Nothing else leaves a resolve (a factory's other errors become `factoryFailed`).
            return .failed(.factoryFailed)
        }
    }
}
