import Foundation
import Relay

/// The `answered` program's greeter, with sessions: every 20 ms, in a round that begins with the
/// line `round N begins` (N from 1), it greets "Ann" from the program's own wiring
/// (`global: GREETING`), and, when the file `DIR/session` names a session, greets "Ann" in it too
/// and bids her farewell there, which only sessions do (`session NAME: GREETING` then
/// `farewell NAME: FAREWELL`; `refused NAME: WHY`, or `not accepted NAME`). A test re-wires it or
/// opens sessions in it, and watches the lines change: a round whose `begins` line it had not seen
/// when it changed something resolves and reads the file afterwards. It reads sessions by hand
/// (`DependencySession.lookup`), so it declares that it reads them.
enum SessionFixture {
    static func run(arguments: [String]) async {
        guard let directory = arguments.first else { fail("usage: sessions DIR [-d …]", status: 64) }
        let container = DependencyContainer()
        container.register((any Greeter).self) { _ in PlainGreeter() }
        container.register((any Farewell).self) { _ in PlainFarewell() }
        do {
            let index = DynamicDependencyIndex()
            try index.add(GreeterTypeIndex())
            try index.add(GreeterFactoryIndex())
            try index.add(FarewellTypeIndex())
            try index.add(FarewellFactoryIndex())
            try InjectDependenciesArgumentParser(index: index, container: container, report: .silent)
                .parse(arguments: ["sessions"] + arguments.dropFirst())
        } catch {
            fail("\(error)", status: 64)
        }
        DependencySession.declareReader("the sessions fixture's loop", in: container)
        say("ready")
        let file = URL(fileURLWithPath: directory).appendingPathComponent("session")
        for round in 1... {
            say("round \(round) begins")
            say("global: \(await greeting(from: container))")
            if let name = try? String(contentsOf: file, encoding: .utf8), !name.isEmpty {
                switch DependencySession.lookup(name, in: container) {
                case .notAccepted: say("not accepted \(name)")
                case .refused(let error): say("refused \(name): \(error)")
                case .found(let session):
                    await session.run {
                        say("session \(name): \(await greeting(from: container))")
                        say("farewell \(name): \(await farewell(from: container))")
                    }
                }
            }
            // Time is the subject: the program works on its own time, a round every 20 ms, as a
            // server's background work would; tests wait for its rounds, not for the time.
            try? await Task.sleep(for: .milliseconds(20))
        }
    }

    private static func greeting(from container: DependencyContainer) async -> String {
        do {
            return try await container.resolve((any Greeter).self).greeting(for: "Ann")
        } catch {
            return "error: \(error)"
        }
    }

    private static func farewell(from container: DependencyContainer) async -> String {
        do {
            return try await container.resolve((any Farewell).self).farewell(to: "Ann")
        } catch {
            return "error: \(error)"
        }
    }
}

/// What the program resolves in sessions only.
protocol Farewell: Sendable {
    func farewell(to name: String) -> String
}

struct PlainFarewell: Farewell {
    func farewell(to name: String) -> String { "Goodbye, \(name)" }
}

/// A farewell whose word the test gives in the instruction's configuration.
struct WordedFarewell: Farewell {
    struct Configuration: Codable, Sendable {
        let word: String
    }

    let word: String

    func farewell(to name: String) -> String { "\(word), \(name)" }
}

struct FarewellTypeIndex: DependencyTypeIndexable {
    let index: [DependencyTypeKey: Any.Type] = ["farewell": (any Farewell).self]
}

struct FarewellFactoryIndex: TypedDependencyFactoryIndexable {
    let index: [DependencyFactoryKey: TypedDependencyFactory] = [
        "wordedFarewell": TypedDependencyFactory((any Farewell).self, configuration: WordedFarewell.Configuration.self)
        {
            _, configuration in WordedFarewell(word: configuration.word)
        }
    ]
}
