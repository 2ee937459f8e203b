import RelayTestSupport
import Testing

@testable import Relay

/// A unit of work's life (`Relay.UnitOfWork.Life`) driven directly: every event in every state. Whatever
/// happens, what the unit says of itself agrees (ended, may be listed, holds slots, owes
/// teardowns), and an event that does not apply to the state (a keep or an add after the end, a
/// second end) is answered, never trapped on.
@Suite("A unit of work's life, event by event")
struct UnitLifeTests {
    /// Where a life is before the event.
    enum Start: String, CaseIterable, CustomTestStringConvertible {
        case openEmpty, openWithSlot, openOwing, endedUnlisted, endedMayBeListed
        var testDescription: String { rawValue }
    }

    /// Slots for one test: `plain` has no teardown, `owing` has one.
    final class Slots {
        let plainRegistration = Registration<Int>(key: RegistrationKey(Int.self, name: "plain"), lifecycle: .unitOfWork)
        { _ in 0 }
        let owingRegistration = Registration<Int>(
            key: RegistrationKey(Int.self, name: "owing"), lifecycle: .unitOfWork, factory: { _ in 0 },
            teardown: { _ in })

        func plain() -> UnitSlot { UnitSlot(registration: plainRegistration, scope: .global) }
        func owing() -> UnitSlot { UnitSlot(registration: owingRegistration, scope: .global) }
    }

    /// A life brought to `start` by the events that lead there.
    private func life(at start: Start, with slots: Slots) -> Relay.UnitOfWork.Life {
        var life = Relay.UnitOfWork.Life()
        switch start {
        case .openEmpty:
            break
        case .openWithSlot:
            let slot = slots.plain()
            let added = life.add(slot)
            #expect(added)
            let keeping = life.keep(7, in: slot)
            #expect(keeping == .kept(listsUnit: false))
        case .openOwing:
            let slot = slots.owing()
            let added = life.add(slot)
            #expect(added)
            let keeping = life.keep(7, in: slot)
            #expect(keeping == .kept(listsUnit: true))
        case .endedUnlisted:
            settle(life.end())
        case .endedMayBeListed:
            let slot = slots.owing()
            let added = life.add(slot)
            #expect(added)
            let keeping = life.keep(7, in: slot)
            #expect(keeping == .kept(listsUnit: true))
            settle(life.end())
        }
        return life
    }

    /// Gives back what an ending handed over, as the unit does once it has run the teardowns.
    private func settle(_ ending: Relay.UnitOfWork.Life.Ending) {
        if case .endsNow(let slots, _) = ending { Relay.UnitOfWork.release(slots) }
    }

    /// Everything a life says of itself agrees: one state, read every way.
    private func expectConsistent(_ life: Relay.UnitOfWork.Life, slots: Slots) {
        var probe = life
        let ended = life.isEnded
        switch life.state {
        case .open(_, let teardowns):
            #expect(!ended)
            #expect(life.mayBeListed == (teardowns != nil))
        case .endedUnlisted:
            #expect(ended)
            #expect(!life.mayBeListed)
        case .endedMayBeListed:
            #expect(ended)
            #expect(life.mayBeListed)
        }
        // An ended life hands out nothing, by every read.
        if ended {
            #expect(life.storage(of: ObjectIdentifier(slots.plainRegistration)) == nil)
            #expect(life.storage(of: ObjectIdentifier(slots.owingRegistration)) == nil)
            guard case .ended = life.slot(of: ObjectIdentifier(slots.plainRegistration)) else {
                Issue.record("an ended life found a slot")
                return
            }
            guard case .endedBefore(let mayBeListed) = probe.end() else {
                Issue.record("an ended life ended again")
                return
            }
            #expect(mayBeListed == life.mayBeListed)
        }
    }

    @Test("every start is consistent", arguments: Start.allCases)
    func starts(_ start: Start) {
        let slots = Slots()
        var life = life(at: start, with: slots)
        expectConsistent(life, slots: slots)
        settle(life.end())
    }

    @Test("a lookup finds the kept instance while open, and nothing once ended", arguments: Start.allCases)
    func lookup(_ start: Start) {
        let slots = Slots()
        var life = life(at: start, with: slots)
        let plain = ObjectIdentifier(slots.plainRegistration)
        let owing = ObjectIdentifier(slots.owingRegistration)
        switch start {
        case .openEmpty:
            #expect(life.storage(of: plain) == nil)
            expect(life.slot(of: plain), is: .none)
        case .openWithSlot:
            #expect(life.storage(of: plain)?.load(as: Int.self) == 7)
            #expect(life.storage(of: owing) == nil)
            expect(life.slot(of: plain), is: .found)
            expect(life.slot(of: owing), is: .none)
        case .openOwing:
            #expect(life.storage(of: owing)?.load(as: Int.self) == 7)
            expect(life.slot(of: owing), is: .found)
        case .endedUnlisted, .endedMayBeListed:
            #expect(life.storage(of: plain) == nil)
            #expect(life.storage(of: owing) == nil)
            expect(life.slot(of: owing), is: .ended)
        }
        expectConsistent(life, slots: slots)
        settle(life.end())
    }

    /// The kinds of ``UnitOfWork/Life/Finding``.
    enum FindingKind { case ended, found, none }

    private func expect(
        _ finding: Relay.UnitOfWork.Life.Finding, is kind: FindingKind,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let found: FindingKind =
            switch finding {
            case .ended: .ended
            case .found: .found
            case .none: .none
            }
        #expect(found == kind, sourceLocation: sourceLocation)
    }

    @Test("adding a slot: taken while open, refused once ended", arguments: Start.allCases)
    func add(_ start: Start) {
        let slots = Slots()
        var life = life(at: start, with: slots)
        let wasListed = life.mayBeListed
        let slot = slots.plain()
        let added = life.add(slot)
        #expect(added == !start.isEnded)
        // Adding owes nothing: whether the unit may be listed does not move.
        #expect(life.mayBeListed == wasListed)
        expectConsistent(life, slots: slots)
        settle(life.end())
    }

    @Test("keeping an instance without a teardown: kept while open, refused once ended", arguments: Start.allCases)
    func keepPlain(_ start: Start) {
        let slots = Slots()
        var life = life(at: start, with: slots)
        let wasListed = life.mayBeListed
        let slot = slots.plain()
        _ = life.add(slot)
        let keeping = life.keep(3, in: slot)
        #expect(keeping == (start.isEnded ? .refused : .kept(listsUnit: false)))
        #expect(slot.storage != nil || start.isEnded)
        #expect(slot.storage == nil || !start.isEnded)
        #expect(life.mayBeListed == wasListed)
        expectConsistent(life, slots: slots)
        settle(life.end())
    }

    @Test(
        "keeping an instance with a teardown lists the unit the first time only, and is refused once ended",
        arguments: Start.allCases)
    func keepOwing(_ start: Start) {
        let slots = Slots()
        var life = life(at: start, with: slots)
        // An adopted instance: a slot of its own, on the teardown list only.
        let slot = slots.owing()
        let keeping = life.keep(5, in: slot)
        switch start {
        case .openEmpty, .openWithSlot:
            #expect(keeping == .kept(listsUnit: true))
            #expect(life.mayBeListed)
        case .openOwing:
            #expect(keeping == .kept(listsUnit: false))
            #expect(life.mayBeListed)
        case .endedUnlisted, .endedMayBeListed:
            #expect(keeping == .refused)
            #expect(slot.storage == nil)
        }
        expectConsistent(life, slots: slots)
        settle(life.end())
    }

    @Test("ending hands over what the unit held once; a second end hands over nothing", arguments: Start.allCases)
    func end(_ start: Start) {
        let slots = Slots()
        var life = life(at: start, with: slots)
        let ending = life.end()
        switch (start, ending) {
        case (.openEmpty, .endsNow(let held, let teardowns)):
            #expect(held == nil && teardowns == nil)
            #expect(life.state.isEndedUnlisted)
        case (.openWithSlot, .endsNow(let held, let teardowns)):
            #expect(held != nil && teardowns == nil)
            #expect(life.state.isEndedUnlisted)
        case (.openOwing, .endsNow(let held, let teardowns)):
            #expect(held != nil && teardowns != nil)
            // The teardown list is newest first, through the slots' links.
            #expect(Array(UnitSlot.TeardownList(first: teardowns)).count == 1)
            #expect(!life.state.isEndedUnlisted)
        case (.endedUnlisted, .endedBefore(let mayBeListed)):
            #expect(!mayBeListed)
        case (.endedMayBeListed, .endedBefore(let mayBeListed)):
            #expect(mayBeListed)
        default:
            Issue.record("\(start) ended as \(ending)")
        }
        settle(ending)
        expectConsistent(life, slots: slots)
        guard case .endedBefore = life.end() else {
            Issue.record("a second end handed something over")
            return
        }
    }

    @Test("teardowns are owed newest first, across kept and adopted instances")
    func teardownOrder() {
        let slots = Slots()
        var life = Relay.UnitOfWork.Life()
        let first = slots.owing()
        let addedFirst = life.add(first)
        #expect(addedFirst)
        let keptFirst = life.keep(1, in: first)
        #expect(keptFirst == .kept(listsUnit: true))
        let adopted = slots.owing()
        let keptAdopted = life.keep(2, in: adopted)
        #expect(keptAdopted == .kept(listsUnit: false))
        let plain = slots.plain()
        let addedPlain = life.add(plain)
        #expect(addedPlain)
        let keptPlain = life.keep(3, in: plain)
        #expect(keptPlain == .kept(listsUnit: false))
        guard case .endsNow(let held, let teardowns) = life.end() else {
            Issue.record("an open life did not end")
            return
        }
        let order = UnitSlot.TeardownList(first: teardowns).map { $0.storage?.load(as: Int.self) }
        #expect(order == [2, 1])
        Relay.UnitOfWork.release(held)
    }
}

/// The token a read of a unit's built instance holds (`UnitOfWork.ReadAccess`): it copies the
/// instance out and gives the unit's lock back; dropped without being ended, it gives the lock back
/// all the same.
@Suite("A read of a unit's instance, as a token")
struct UnitReadAccessTests {
    final class Connection: Sendable {}

    /// The unit-of-work registration of `Connection` in `container`.
    private func registrationID(in container: DependencyContainer) throws -> ObjectIdentifier {
        let registration = container.table.withRead {
            $0.registration(for: RegistrationKey(Connection.self, name: nil))
        }
        return ObjectIdentifier(try #require(registration))
    }

    @Test("a read copies the unit's instance out, and a read dropped unended still gives the lock back")
    func readAndDrop() async throws {
        let container = DependencyContainer()
        container.register(Connection.self, lifecycle: .unitOfWork) { _ in Connection() }
        let id = try registrationID(in: container)
        try await withDeadline(seconds: 10) {
            try await container.withUnitOfWork { unit in
                let built = try container.resolve(Connection.self)
                guard let read = unit.beginRead(of: id) else {
                    Issue.record("no read of a built instance")
                    return
                }
                #expect(read.endRead(copying: Connection.self) === built)
                // Dropped: its deinit unlocks, so the unit's lock is free for what comes next
                // (with the lock still held, `isEnded` would spin for ever).
                _ = unit.beginRead(of: id)
                #expect(!unit.isEnded)
                #expect(try container.resolve(Connection.self) === built)
            }
        }
    }

    @Test("a unit that has ended starts no read, and holds no lock for it")
    func noReadOnceEnded() async throws {
        let container = DependencyContainer()
        container.register(Connection.self, lifecycle: .unitOfWork) { _ in Connection() }
        let id = try registrationID(in: container)
        let unit = container.openUnitOfWork()
        _ = try await unit.resolve(Connection.self)
        try await unit.close()
        var started = false
        if let read = unit.beginRead(of: id) {
            started = true
            _ = read.endRead(copying: Connection.self)
        }
        #expect(!started)
        #expect(unit.isEnded)
    }
}

extension UnitLifeTests.Start {
    var isEnded: Bool { self == .endedUnlisted || self == .endedMayBeListed }
}

extension Relay.UnitOfWork.Life.State {
    fileprivate var isEndedUnlisted: Bool {
        if case .endedUnlisted = self { return true }
        return false
    }
}
