import Foundation
import Relay

/// A small Relay program whose greeter the test may answer: it registers a plain greeter, reads
/// instructions (`-d type=greeter,factory=answeredGreeter` swaps in the stub that forwards its
/// calls to the test), then greets each name given, printing one line per greeting:
/// `greeting NAME: ANSWER`, `refused NAME: REASON` (the test threw a `GreetingRefused`) or
/// `error NAME: MESSAGE`, then `greeted N`. With `--loop` it greets the names again every 50 ms
/// until killed, so a test can change its answers while it runs; with `--reset` it also calls the
/// greeter's `reset` (no argument, no answer) and prints its `count` (no argument) at the end.
enum AnsweredFixture {
    static func run(arguments: [String]) async {
        let container = DependencyContainer()
        container.register((any Greeter).self) { _ in PlainGreeter() }
        var instructions: [String] = []
        var names: [String] = []
        var position = arguments.startIndex
        while position < arguments.endIndex {
            if arguments[position] == "-d", position + 1 < arguments.endIndex {
                instructions += ["-d", arguments[position + 1]]
                position += 2
                continue
            }
            if !arguments[position].hasPrefix("--") { names.append(arguments[position]) }
            position += 1
        }
        let greeter: any Greeter
        do {
            let index = DynamicDependencyIndex()
            try index.add(GreeterTypeIndex())
            try index.add(GreeterFactoryIndex())
            try InjectDependenciesArgumentParser(index: index, container: container, report: .silent)
                .parse(arguments: ["answered"] + instructions)
            greeter = try await container.resolve((any Greeter).self)
        } catch {
            fail("\(error)", status: 64)
        }
        repeat {
            var greeted = 0
            for name in names {
                do {
                    say("greeting \(name): \(try await greeter.greeting(for: name))")
                    greeted += 1
                } catch let refused as GreetingRefused {
                    say("refused \(name): \(refused.reason)")
                } catch {
                    say("error \(name): \(error)")
                }
            }
            if arguments.contains("--reset") {
                do {
                    try await greeter.reset()
                    say("count: \(try await greeter.count())")
                } catch {
                    say("error reset: \(error)")
                }
            }
            say("greeted \(greeted)")
            guard arguments.contains("--loop") else { break }
            // Time is the subject: the program greets on its own time, every 50 ms, as a server's
            // background work would, and the test changes its answers meanwhile.
            try? await Task.sleep(for: .milliseconds(50))
        } while true
        sleepUntilKilled()
    }
}

/// A protocol with three methods: one with an argument and an answer, one with an answer only,
/// one with neither.
protocol Greeter: Sendable {
    func greeting(for name: String) async throws -> String
    func count() async throws -> Int
    func reset() async throws
}

struct PlainGreeter: Greeter {
    func greeting(for name: String) async throws -> String { "Hello, \(name)" }
    func count() async throws -> Int { 0 }
    func reset() async throws {}
}

/// What a test throws to refuse a greeting; the stub decodes it back into itself.
struct GreetingRefused: Error, Codable {
    let reason: String
}

/// The stub the test answers: one line per method.
struct AnsweredGreeter: Greeter {
    let calls: StubCalls

    func greeting(for name: String) async throws -> String { try await calls.call("greeting", name) }
    func count() async throws -> Int { try await calls.call("count") }
    func reset() async throws { try await calls.call("reset") }
}

struct GreeterTypeIndex: DependencyTypeIndexable {
    let index: [DependencyTypeKey: Any.Type] = ["greeter": (any Greeter).self]
}

/// A greeter the program does not ship with: instructions swap it in.
struct PoliteGreeter: Greeter {
    func greeting(for name: String) async throws -> String { "Good day, \(name)" }
    func count() async throws -> Int { 0 }
    func reset() async throws {}
}

struct GreeterFactoryIndex: TypedDependencyFactoryIndexable {
    let index: [DependencyFactoryKey: TypedDependencyFactory] = [
        "answeredGreeter": .answeredByTest((any Greeter).self) { calls in
            AnsweredGreeter(calls: calls.throwing(GreetingRefused.self))
        },
        // Says when it is torn down, so a test sees who ended it.
        "politeGreeter": TypedDependencyFactory((any Greeter).self) { _ in
            PoliteGreeter()
        } teardown: { _ in
            FileHandle.standardError.write(Data("polite greeter torn down\n".utf8))
        },
    ]
}
