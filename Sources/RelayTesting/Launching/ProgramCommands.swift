/// The commands a test has sent a launched program and not yet seen done, and whether the channel
/// has ended: one state, which ``ProgramChannel`` keeps under its lock. Every method is one
/// transition, switching once on the state, and returns what waited for the command to the caller,
/// which resumes it after unlocking. An event that does not apply (an outcome for a command that
/// has ended, or that the program made up) finds nothing, and is never trapped on.
///
/// ```text
///   open(nextID, waiting) ──register──▶ open: one more waiting (its identifier to the caller)
///          │            ──finish────▶ open: one fewer (done, silent past its limit, or unwritten)
///          │ end (the program is gone, or the channel broke): every waiter, to fail
///          ▼
///        ended ──register──▶ ended: refused
/// ```
///
/// Generic over what waits (`Waiter`: a continuation, in the channel), so the transitions can be
/// driven without one.
enum ProgramCommands<Waiter> {
    /// Commands may be sent. `nextID`: the identifier of the next; `waiting`: those not done yet,
    /// by identifier.
    case open(nextID: UInt64, waiting: [UInt64: Waiter])
    /// The channel has ended: nothing waits, and nothing more is sent.
    case ended

    /// No command sent yet.
    init() {
        self = .open(nextID: 1, waiting: [:])
    }

    /// Registers `waiter` for a new command.
    ///
    /// - Returns: The command's identifier; `nil` once the channel has ended.
    mutating func register(_ waiter: Waiter) -> UInt64? {
        switch self {
        case .open(let nextID, var waiting):
            self = .ended  // lets `waiting` be changed in place
            waiting[nextID] = waiter
            self = .open(nextID: nextID + 1, waiting: waiting)
            return nextID
        case .ended:
            return nil
        }
    }

    /// Ends command `id`: the program said it was done, it was silent past its time limit, or it
    /// could not be written.
    ///
    /// - Returns: What waited for it; `nil` when it had ended already (or never was).
    mutating func finish(_ id: UInt64) -> Waiter? {
        switch self {
        case .open(let nextID, var waiting):
            self = .ended  // lets `waiting` be changed in place
            let waiter = waiting.removeValue(forKey: id)
            self = .open(nextID: nextID, waiting: waiting)
            return waiter
        case .ended:
            return nil
        }
    }

    /// Ends the channel.
    ///
    /// - Returns: Every command still waiting, which the caller fails.
    mutating func end() -> [Waiter] {
        switch self {
        case .open(_, let waiting):
            self = .ended
            return Array(waiting.values)
        case .ended:
            return []
        }
    }
}

extension ProgramCommands: Sendable where Waiter: Sendable {}
