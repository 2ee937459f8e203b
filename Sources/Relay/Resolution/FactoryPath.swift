/// The factories a resolver is running, outermost first: what a cycle, a unit-of-work instance held
/// by a longer-lived one, and an error's path are read from.
///
/// Each front keeps its own: a thread's ``ResolutionPath`` (a stack its synchronous factories push
/// to) and a task's ``AsyncResolutionPath`` (a list its async factories extend, shared by its child
/// tasks). Each provides one walk, from the innermost frame outwards; the queries are written here
/// once, over that walk. (The thread's path has `contains` written out over its buffer, below:
/// every synchronous build asks it.) With the step's rule (`ResolutionEngine+PathChecks`) and the
/// wait-for graph (``ConstructionRegistry``), this is where a cycle is decided, and nowhere else.
protocol FactoryPath: ~Copyable {
    /// How a frame of the path reads.
    associatedtype Frame: FactoryPathFrame

    /// How many factories are running.
    var count: Int { get }

    /// Calls `visit` with each frame from the innermost outwards, until it returns `true`.
    func visitInward(_ visit: (Frame) -> Bool)

    /// Whether `registration`'s factory is already running: resolving it again is a cycle. A
    /// requirement, so that a path that writes it out for its storage is asked its own, even
    /// through a generic caller; the walk below is the default.
    func contains(_ registration: AnyRegistration) -> Bool
}

/// One running factory, as ``FactoryPath``'s walk shows it. A protocol rather than one struct:
/// each path reads what a query asks of its own storage, and a cycle check (on every build) reads
/// only the identity.
protocol FactoryPathFrame {
    /// The registration whose factory runs, by identity.
    var registrationID: ObjectIdentifier { get }
    /// Its type and name.
    var key: RegistrationKey { get }
    /// Its lifecycle.
    var lifecycle: LifecycleType { get }
    /// How many frames the path holds up to this one: 1 for the outermost.
    var depth: Int { get }
}

extension FactoryPath where Self: ~Copyable {
    /// Whether `registration`'s factory is already running, by the inward walk.
    @inline(__always)
    func contains(_ registration: AnyRegistration) -> Bool {
        let id = ObjectIdentifier(registration)
        var isFound = false
        visitInward { frame in
            isFound = frame.registrationID == id
            return isFound
        }
        return isFound
    }

    /// The innermost running factory of a registration that outlives any unit of work (a
    /// singleton, eager or weak): what would hold a unit-of-work instance resolved now.
    ///
    /// - Parameter depth: Frames at this depth or shallower are left out: for a task's path, the
    ///   factories that were running when the unit opened, which it ends before they return.
    func nearestOutlivingUnits(deeperThan depth: Int = 0) -> (key: RegistrationKey, lifecycle: LifecycleType)? {
        var holder: (key: RegistrationKey, lifecycle: LifecycleType)?
        visitInward { frame in
            guard frame.depth > depth else { return true }
            guard frame.lifecycle.outlivesUnitsOfWork else { return false }
            holder = (frame.key, frame.lifecycle)
            return true
        }
        return holder
    }

    /// The path as an error shows it, outermost first: `["Checkout", "PaymentGateway"]`.
    var descriptions: [String] {
        var descriptions: [String] = []
        descriptions.reserveCapacity(count)
        visitInward { frame in
            descriptions.append(frame.key.description)
            return false
        }
        return descriptions.reversed()
    }
}

extension ResolutionPath {
    /// Whether `registration`'s factory is already running on this thread: ``FactoryPath/contains(_:)``,
    /// written out over the buffer, since every synchronous build asks it (the generic walk
    /// measured 33 instructions more per transient graph of six builds).
    @inline(__always)
    func contains(_ registration: AnyRegistration) -> Bool {
        let frames = frameBuffer
        var index = 0
        while index < frames.count {
            if frames[index].registration === registration { return true }
            index &+= 1
        }
        return false
    }
}
