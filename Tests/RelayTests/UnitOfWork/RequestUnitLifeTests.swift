import Relay
import Testing

/// A request unit's life (`RequestUnitOfWork.Life`): every event in every state, as one table, and
/// every sequence of events: the unit ends at most once, a body takes it over at most once, and an
/// event that does not apply is answered with nothing to do, never trapped on.
@Suite("A request unit's life, event by event")
struct RequestUnitLifeTests {
    typealias Life = RequestUnitOfWork.Life

    /// The whole table: (state, event) to (next state, action).
    static let table: [(Life, Life.Event, Life, Life.Action)] = [
        (.open, .end, .ended, .endUnit),
        (.open, .endUnlessHandedToBody, .ended, .endUnit),
        (.open, .handToBody, .handedToBody, .handOver),
        (.open, .drop, .ended, .endUnitInBackground),
        (.handedToBody, .end, .endedHandedToBody, .endUnit),
        (.handedToBody, .endUnlessHandedToBody, .handedToBody, .none),
        (.handedToBody, .handToBody, .handedToBody, .none),
        (.handedToBody, .drop, .endedHandedToBody, .endUnitInBackground),
        (.ended, .end, .ended, .none),
        (.ended, .endUnlessHandedToBody, .ended, .none),
        (.ended, .handToBody, .endedHandedToBody, .handOver),
        (.ended, .drop, .ended, .none),
        (.endedHandedToBody, .end, .endedHandedToBody, .none),
        (.endedHandedToBody, .endUnlessHandedToBody, .endedHandedToBody, .none),
        (.endedHandedToBody, .handToBody, .endedHandedToBody, .none),
        (.endedHandedToBody, .drop, .endedHandedToBody, .none),
    ]

    @Test("the table covers every state and every event")
    func tableIsWhole() {
        for state in Life.allCases {
            for event in Life.Event.allCases {
                #expect(Self.table.filter { $0.0 == state && $0.1 == event }.count == 1, "\(state), \(event)")
            }
        }
    }

    @Test("every event in every state moves as the table says", arguments: Self.table.indices)
    func transition(_ row: Int) {
        let (state, event, next, action) = Self.table[row]
        let made = state.on(event)
        #expect(made.next == next, "\(state) on \(event)")
        #expect(made.action == action, "\(state) on \(event)")
        // Once ended, always ended.
        #expect(!state.isEnded || made.next.isEnded)
    }

    @Test("along any sequence of events, the unit ends at most once and is handed to a body at most once")
    func sequences() {
        var sequences: [[Life.Event]] = [[]]
        for _ in 0..<5 {
            sequences = sequences.flatMap { sequence in Life.Event.allCases.map { sequence + [$0] } }
        }
        for sequence in sequences {
            var life = Life.open
            var endings = 0
            var handOvers = 0
            for event in sequence {
                let (next, action) = life.on(event)
                switch action {
                case .endUnit, .endUnitInBackground: endings += 1
                case .handOver: handOvers += 1
                case .none: break
                }
                life = next
            }
            #expect(endings <= 1, "\(sequence)")
            #expect(handOvers <= 1, "\(sequence)")
            #expect(life.isEnded == (endings == 1), "\(sequence)")
        }
    }
}
