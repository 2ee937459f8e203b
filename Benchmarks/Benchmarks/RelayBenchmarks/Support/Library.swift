/// The ways of wiring dependencies that every scenario measures side by side.
///
/// Its raw value is what the benchmark names carry (`library: Relay`) and what `compare.py`
/// reads back, so it must stay free of spaces, commas and colons.
enum Library: String, CaseIterable {
    /// Code a person would write without a container: `static let`s, nested constructor calls,
    /// a dictionary. The floor every ratio is taken against.
    case handWritten = "hand-written"
    /// `static let`s of services built at run time, each handed out by a function the optimiser
    /// does not inline, so the caller receives a reference it owns (a retain, and a release when
    /// done) as it does from any function that returns a service, a container's `resolve`
    /// included. Measured for the singleton scenarios (1, 6, 7) only: it separates the cost of
    /// handing out a reference from the cost of finding it. Inline, the compiler reads a
    /// `static let` without touching its reference count, and a `static let` with a constant
    /// initialiser is an immortal object whose count never changes at all.
    case handWrittenOwned = "hand-written-owned"
    /// What a person would write for a scope of async work without a container: the scope bound
    /// as a task-local, its services made by async factories and closed by async teardowns, each
    /// a closure called through the same kind of table a container keeps. Measured for S15 only:
    /// it separates the cost of being an async scope from the cost of Relay's bookkeeping.
    case handWrittenAsync = "hand-written-async"
    case relay = "Relay"
    /// Relay with every registration made by its initializer (`register(_:initializer:)`), whose
    /// parameters are its declared dependencies: measured for S02 and S03, beside the closures a
    /// person writes out (issue 41's target: within 1.2x of hand-written).
    case relayAutowired = "Relay-autowired"
    case swinject = "Swinject"
    case swiftDependencies = "swift-dependencies"
}

/// Returns `object` from a call the optimiser does not see through: the caller receives an owned
/// reference, as it does from any function that returns a service. The floor of
/// ``Library/handWrittenOwned``.
///
/// Not optimised: an optimised copy would be rewritten (function signature optimisation) to hand
/// back a borrowed reference, which no real accessor of shared state can do, and the retain this
/// floor measures would vanish.
@_optimize(none)
@inline(never)
func handedOut<Object: AnyObject>(_ object: Object) -> Object {
    object
}
