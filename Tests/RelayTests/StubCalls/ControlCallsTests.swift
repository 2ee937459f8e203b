import Testing

@testable import Relay

/// A channel call's life (`ControlCalls`) driven directly: every event for a call in every state,
/// on an open and on a closed channel. A call is in one state at a time; whatever waits for it is
/// handed back exactly once (to be answered, cancelled or failed); and an event that does not apply
/// (an answer for a call that is not waiting, a second cancellation, an identifier the test made
/// up) finds nothing to do, never a trap.
@Suite("A channel call's life, event by event")
struct ControlCallsTests {
    typealias Calls = ControlCalls<String>

    /// Where the call is before the event.
    enum Start: String, CaseIterable, CustomTestStringConvertible {
        case registering, cancelledWhileRegistering, waiting, answered
        var testDescription: String { rawValue }
    }

    /// What happens to the call.
    enum Event: String, CaseIterable, CustomTestStringConvertible {
        case register, cancel, answer, close
        var testDescription: String { rawValue }
    }

    /// What the transition handed back, in one comparable form.
    enum Outcome: Equatable {
        case send, refusedCancelled
        case refusedClosed(String)
        case refusedUnknown
        case handedBack(String)
        case nothing
        case closed(failed: [String], isFirst: Bool)
    }

    /// The call's state, in one comparable form; `nil` when the channel no longer holds it.
    enum Kind: Equatable {
        case registering, cancelledWhileRegistering
        case waiting(String)
    }

    private func kind(of id: UInt64, in calls: Calls) -> Kind? {
        switch calls.calls[id] {
        case .registering: .registering
        case .cancelledWhileRegistering: .cancelledWhileRegistering
        case .waiting(let waiter): .waiting(waiter)
        case nil: nil
        }
    }

    /// A call brought to `start`, on a channel closed first when `closedBefore`.
    private func calls(at start: Start, closedBefore: Bool) -> (Calls, UInt64) {
        var calls = Calls()
        let id = calls.begin()
        switch start {
        case .registering:
            break
        case .cancelledWhileRegistering:
            #expect(calls.cancel(id) == nil)
        case .waiting:
            #expect(calls.register("waiter", as: id).isSend)
        case .answered:
            #expect(calls.register("waiter", as: id).isSend)
            #expect(calls.answer(id) == "waiter")
        }
        if closedBefore { _ = calls.close(because: "first reason") }
        return (calls, id)
    }

    private func apply(_ event: Event, to id: UInt64, in calls: inout Calls) -> Outcome {
        switch event {
        case .register:
            switch calls.register("second waiter", as: id) {
            case .send: return .send
            case .refuseCancelled: return .refusedCancelled
            case .refuseClosed(let reason): return .refusedClosed(reason)
            case .refuseUnknown: return .refusedUnknown
            }
        case .cancel:
            return calls.cancel(id).map(Outcome.handedBack) ?? .nothing
        case .answer:
            return calls.answer(id).map(Outcome.handedBack) ?? .nothing
        case .close:
            let (failed, isFirst) = calls.close(because: "second reason")
            return .closed(failed: failed, isFirst: isFirst)
        }
    }

    /// Every (start, closed first, event), with the outcome and the call's state after it.
    static let table: [(Start, Bool, Event, Outcome, Kind?)] = [
        (.registering, false, .register, .send, .waiting("second waiter")),
        (.registering, false, .cancel, .nothing, .cancelledWhileRegistering),
        (.registering, false, .answer, .nothing, .registering),
        (.registering, false, .close, .closed(failed: [], isFirst: true), .registering),
        (.registering, true, .register, .refusedClosed("first reason"), nil),
        (.registering, true, .cancel, .nothing, .cancelledWhileRegistering),
        (.registering, true, .answer, .nothing, .registering),
        (.registering, true, .close, .closed(failed: [], isFirst: false), .registering),
        (.cancelledWhileRegistering, false, .register, .refusedCancelled, nil),
        (.cancelledWhileRegistering, false, .cancel, .nothing, .cancelledWhileRegistering),
        (.cancelledWhileRegistering, false, .answer, .nothing, .cancelledWhileRegistering),
        (.cancelledWhileRegistering, false, .close, .closed(failed: [], isFirst: true), .cancelledWhileRegistering),
        (.cancelledWhileRegistering, true, .register, .refusedCancelled, nil),
        (.cancelledWhileRegistering, true, .cancel, .nothing, .cancelledWhileRegistering),
        (.cancelledWhileRegistering, true, .answer, .nothing, .cancelledWhileRegistering),
        (.cancelledWhileRegistering, true, .close, .closed(failed: [], isFirst: false), .cancelledWhileRegistering),
        (.waiting, false, .register, .refusedUnknown, .waiting("waiter")),
        (.waiting, false, .cancel, .handedBack("waiter"), nil),
        (.waiting, false, .answer, .handedBack("waiter"), nil),
        (.waiting, false, .close, .closed(failed: ["waiter"], isFirst: true), nil),
        // Closed before: the close failed the waiting call, which the channel holds no more.
        (.waiting, true, .register, .refusedUnknown, nil),
        (.waiting, true, .cancel, .nothing, nil),
        (.waiting, true, .answer, .nothing, nil),
        (.waiting, true, .close, .closed(failed: [], isFirst: false), nil),
        (.answered, false, .register, .refusedUnknown, nil),
        (.answered, false, .cancel, .nothing, nil),
        (.answered, false, .answer, .nothing, nil),
        (.answered, false, .close, .closed(failed: [], isFirst: true), nil),
        (.answered, true, .register, .refusedUnknown, nil),
        (.answered, true, .cancel, .nothing, nil),
        (.answered, true, .answer, .nothing, nil),
        (.answered, true, .close, .closed(failed: [], isFirst: false), nil),
    ]

    @Test("the table covers every start, on an open and a closed channel, and every event")
    func tableIsWhole() {
        for start in Start.allCases {
            for closedBefore in [false, true] {
                for event in Event.allCases {
                    let rows = Self.table.filter { $0.0 == start && $0.1 == closedBefore && $0.2 == event }
                    #expect(rows.count == 1, "\(start), closed \(closedBefore), \(event)")
                }
            }
        }
    }

    @Test("every event moves a call as the table says", arguments: Self.table.indices)
    func transition(_ row: Int) {
        let (start, closedBefore, event, outcome, after) = Self.table[row]
        var (calls, id) = calls(at: start, closedBefore: closedBefore)
        #expect(apply(event, to: id, in: &calls) == outcome)
        #expect(kind(of: id, in: calls) == after)
        // Closed stays closed, with its first reason.
        #expect((calls.closedReason == nil) == (!closedBefore && event != .close))
        if closedBefore { #expect(calls.closedReason == "first reason") }
    }

    @Test("calls are numbered in order, and each call's waiter comes back once, whatever ends it")
    func waitersComeBackOnce() {
        var calls = Calls()
        let ids = (0..<4).map { _ in calls.begin() }
        #expect(ids == [1, 2, 3, 4])
        for id in ids { #expect(calls.register("call \(id)", as: id).isSend) }
        #expect(calls.answer(1) == "call 1")
        #expect(calls.cancel(2) == "call 2")
        let (failed, isFirst) = calls.close(because: "the test is gone")
        #expect(Set(failed) == ["call 3", "call 4"])
        #expect(isFirst)
        for id in ids {
            #expect(calls.answer(id) == nil)
            #expect(calls.cancel(id) == nil)
        }
        #expect(calls.close(because: "again").failed.isEmpty)
        #expect(calls.calls.isEmpty)
    }
}

extension ControlCalls.Registration {
    fileprivate var isSend: Bool {
        if case .send = self { return true }
        return false
    }
}
