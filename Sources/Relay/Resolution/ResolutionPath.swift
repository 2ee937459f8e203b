/// The registrations whose factories are running on one thread, outermost first: a stack that
/// every build pushes to and pops from.
///
/// A hand-managed buffer rather than an `Array`: frames are trivial values (two unretained
/// references), so pushing one is a store and a count, with no uniqueness or capacity check of a
/// copy-on-write buffer in the way.
struct ResolutionPath: FactoryPath, ~Copyable {
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

    /// The frames, outermost first, for the walk that ``FactoryPath`` writes out over the buffer
    /// (`contains`, beside the other path's queries).
    @inline(__always)
    var frameBuffer: UnsafeBufferPointer<ResolutionFrame> {
        UnsafeBufferPointer(start: frames, count: count)
    }

    /// A frame with its depth, as ``FactoryPath``'s walk reads it.
    struct Frame: FactoryPathFrame {
        let frame: ResolutionFrame
        let depth: Int

        var registrationID: ObjectIdentifier { ObjectIdentifier(frame.registration) }
        var key: RegistrationKey { frame.registration.key }
        var lifecycle: LifecycleType { frame.registration.lifecycle }
    }

    /// Walks the frames from the innermost outwards.
    @inline(__always)
    func visitInward(_ visit: (Frame) -> Bool) {
        var index = count
        while index > 0, !visit(Frame(frame: frames[index &- 1], depth: index)) {
            index &-= 1
        }
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
