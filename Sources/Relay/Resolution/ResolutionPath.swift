/// The registrations whose factories are running on one thread, outermost first: a stack that
/// every build pushes to and pops from.
///
/// A hand-managed buffer rather than an `Array`: frames are trivial values (two unretained
/// references), so pushing one is a store and a count, with no uniqueness or capacity check of a
/// copy-on-write buffer in the way.
struct ResolutionPath: ~Copyable {
    private var frames: UnsafeMutablePointer<ResolutionFrame>
    private var capacity: Int

    /// How many factories are running.
    private(set) var count = 0

    init() {
        capacity = 32
        frames = .allocate(capacity: capacity)
    }

    deinit {
        frames.deallocate()
    }

    /// The innermost running factory's frame.
    var last: ResolutionFrame? {
        count == 0 ? nil : frames[count &- 1]
    }

    /// Whether `registration`'s factory is already running: resolving it again is a cycle.
    @inline(__always)
    func contains(_ registration: AnyRegistration) -> Bool {
        var index = 0
        while index < count {
            if frames[index].registration === registration { return true }
            index &+= 1
        }
        return false
    }

    /// The innermost running factory of a registration that outlives any unit of work (a
    /// singleton, eager or weak): what would hold a unit-of-work instance resolved now.
    var nearestOutlivingUnits: (key: RegistrationKey, lifecycle: LifecycleType)? {
        var index = count
        while index > 0 {
            index &-= 1
            let registration = frames[index].registration
            if registration.lifecycle.outlivesUnitsOfWork { return (registration.key, registration.lifecycle) }
        }
        return nil
    }

    /// The path as an error shows it: `["Checkout", "PaymentGateway"]`.
    var descriptions: [String] {
        (0..<count).map { frames[$0].description }
    }

    /// Adds the frame of a factory about to run.
    @inline(__always)
    mutating func push(_ frame: ResolutionFrame) {
        if count == capacity {
            grow()
        }
        (frames + count).initialize(to: frame)
        count &+= 1
    }

    /// Removes the innermost frame, when its factory has returned.
    @inline(__always)
    mutating func pop() {
        assert(count > 0, "popping an empty resolution path")
        count &-= 1
    }

    private mutating func grow() {
        let larger = UnsafeMutablePointer<ResolutionFrame>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: frames, count: count)
        frames.deallocate()
        frames = larger
        capacity *= 2
    }
}
