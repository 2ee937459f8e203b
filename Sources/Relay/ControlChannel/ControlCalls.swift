/// The calls on the program's end of the channel, each in one state from the moment its
/// identifier is taken until it is answered, failed, cancelled or refused; and whether the channel
/// is closed. ``ControlChannel`` keeps it under its lock; every method is one transition, switching
/// once on the call's state, and returns what the channel does after unlocking (resume a waiter,
/// send the call), as swift-nio's state machines return an action. An event that does not apply
/// (an answer for a call that is not waiting, a second cancellation) is answered with nothing to
/// do, never trapped on: the test at the other end is not trusted to send only what it should.
///
/// ```text
///            begin                 register (channel open)
///   (none) ────────▶ registering ──────────────────────────▶ waiting ──▶ (none): answered,
///                        │                                              failed, cancelled
///                        │ cancel                                       or the channel closed
///                        ▼
///            cancelledWhileRegistering ──register──▶ (none): refused, cancelled
/// ```
///
/// Generic over what waits for an answer (`Waiter`: a continuation and its call, in the channel),
/// so the transitions can be driven without one.
struct ControlCalls<Waiter> {
    /// Where one call is.
    enum Call {
        /// Its identifier is taken; what waits for its answer is not handed over yet.
        case registering
        /// Cancelled while registering: its registration refuses it.
        case cancelledWhileRegistering
        /// Registered, sent (or about to be), and waiting for its answer.
        case waiting(Waiter)
    }

    /// The identifier the next call gets.
    private var nextID: UInt64 = 1

    /// Every call between `begin` and its end, by identifier.
    private(set) var calls: [UInt64: Call] = [:]

    /// Why the channel closed; `nil` while it is open.
    private(set) var closedReason: String?

    // MARK: - Transitions

    /// Starts a call: its identifier, from now on registering.
    mutating func begin() -> UInt64 {
        let id = nextID
        nextID += 1
        calls[id] = .registering
        return id
    }

    /// What ``register(_:as:)`` decided.
    enum Registration {
        /// Waiting: the caller sends the call.
        case send
        /// Refused, because it was cancelled while registering: the caller fails it so.
        case refuseCancelled
        /// Refused, because the channel has closed (with this reason): the caller fails it so.
        case refuseClosed(String)
        /// Refused, because no call registers under that identifier (a second registration):
        /// the caller fails it as cancelled. Never made by the channel itself.
        case refuseUnknown
    }

    /// Hands over what waits for call `id`'s answer.
    mutating func register(_ waiter: Waiter, as id: UInt64) -> Registration {
        switch calls[id] {
        case .registering:
            if let closedReason {
                calls[id] = nil
                return .refuseClosed(closedReason)
            }
            calls[id] = .waiting(waiter)
            return .send
        case .cancelledWhileRegistering:
            calls[id] = nil
            return .refuseCancelled
        case .waiting, nil:
            return .refuseUnknown
        }
    }

    /// Cancels call `id`.
    ///
    /// - Returns: What waited for its answer, which the caller fails as cancelled; `nil` when
    ///   nothing waits (still registering, which then refuses it; or ended already).
    mutating func cancel(_ id: UInt64) -> Waiter? {
        switch calls[id] {
        case .registering:
            calls[id] = .cancelledWhileRegistering
            return nil
        case .waiting(let waiter):
            calls[id] = nil
            return waiter
        case .cancelledWhileRegistering, nil:
            return nil
        }
    }

    /// Ends call `id`, whose answer (or failure) came.
    ///
    /// - Returns: What waited for it, which the caller resumes; `nil` for a call that is not
    ///   waiting (it timed out or was cancelled, or the test sent an identifier it never had).
    mutating func answer(_ id: UInt64) -> Waiter? {
        switch calls[id] {
        case .waiting(let waiter):
            calls[id] = nil
            return waiter
        case .registering, .cancelledWhileRegistering, nil:
            return nil
        }
    }

    /// Closes the channel because of `reason` (the first reason stays): every waiting call ends,
    /// and a call still registering is refused when it registers.
    ///
    /// - Returns: What waited, which the caller fails with the reason it gives; and whether this
    ///   closed the channel (the first close), which then shuts the socket down.
    mutating func close(because reason: String) -> (failed: [Waiter], isFirst: Bool) {
        let isFirst = closedReason == nil
        if isFirst { closedReason = reason }
        var failed: [Waiter] = []
        for (id, call) in calls {
            switch call {
            case .waiting(let waiter):
                failed.append(waiter)
                calls[id] = nil
            case .registering, .cancelledWhileRegistering:
                continue
            }
        }
        return (failed, isFirst)
    }
}

extension ControlCalls: Sendable where Waiter: Sendable {}
extension ControlCalls.Call: Sendable where Waiter: Sendable {}
