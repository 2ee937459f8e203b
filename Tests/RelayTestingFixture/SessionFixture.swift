import Foundation
import Relay

/// The `answered` program's greeter, with sessions: every 20 ms it greets "Ann" from the program's
/// own wiring (`global: GREETING`), and, when the file `DIR/session` names a session, greets "Ann"
/// in it too (`session NAME: GREETING`, `refused NAME: WHY`, or `not accepted NAME`). A test
/// re-wires it or opens sessions in it, and watches the lines change.
enum SessionFixture {
    static func run(arguments: [String]) async {
        guard let directory = arguments.first else { fail("usage: sessions DIR [-d …]", status: 64) }
        let container = DependencyContainer()
        container.register((any Greeter).self) { _ in PlainGreeter() }
        do {
            let index = DynamicDependencyIndex()
            try index.add(GreeterTypeIndex())
            try index.add(GreeterFactoryIndex())
            try InjectDependenciesArgumentParser(index: index, container: container, report: .silent)
                .parse(arguments: ["sessions"] + arguments.dropFirst())
        } catch {
            fail("\(error)", status: 64)
        }
        say("ready")
        let file = URL(fileURLWithPath: directory).appendingPathComponent("session")
        while true {
            say("global: \(await greeting(from: container))")
            if let name = try? String(contentsOf: file, encoding: .utf8), !name.isEmpty {
                switch DependencySession.lookup(name, in: container) {
                case .notAccepted: say("not accepted \(name)")
                case .refused(let error): say("refused \(name): \(error)")
                case .found(let session):
                    say("session \(name): \(await session.run { await greeting(from: container) })")
                }
            }
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
}
