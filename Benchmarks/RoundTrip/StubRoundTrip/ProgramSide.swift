import Relay
import RelayTesting

/// The launched program: resolves its ``CatalogEcho`` (the stub the test answers, by instruction),
/// then times stub calls and HTTP round trips to the test's server, and prints one
/// ``RoundTripSummary`` line of each. A third kind, the same stub answered in process (a
/// `StubAnswers` given to the parser, as a test that injects in process does), shows what the
/// channel adds to the stub's own machinery.
enum ProgramSide {
    /// The program could not measure: no stub swapped in, or a wrong answer.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs off the main actor (a nonisolated async function): the program's calls start where a
    /// request handler's would, on the global executor, with no hop back to the main thread.
    static func run(_ options: RoundTripOptions, port: UInt16) async throws {
        let echo = try await catalogEcho(options.instructions, answering: nil)
        let inProcessAnswers = StubAnswers()
        inProcessAnswers.answer(.catalogEcho, "echo") { (entry: CatalogEntry) in entry }
        let inProcess = try await catalogEcho(options.instructions, answering: inProcessAnswers)
        var http = try HTTPClientConnection(port: port)
        defer { http.close() }

        let entry = CatalogEntry.sample
        for _ in 0..<options.warmUp {
            try check(try await echo.echo(entry), "stub call")
            try check(try await inProcess.echo(entry), "in-process stub call")
            try check(try http.post(entry, to: "/echo"), "HTTP round trip")
        }
        let clock = ContinuousClock()
        var stubTimes: [Duration] = []
        var httpTimes: [Duration] = []
        var inProcessTimes: [Duration] = []
        stubTimes.reserveCapacity(options.calls)
        httpTimes.reserveCapacity(options.calls)
        inProcessTimes.reserveCapacity(options.calls)
        while stubTimes.count < options.calls {
            let block = min(options.block, options.calls - stubTimes.count)
            for _ in 0..<block {
                let start = clock.now
                let answer = try await echo.echo(entry)
                stubTimes.append(start.duration(to: clock.now))
                try check(answer, "stub call")
            }
            for _ in 0..<block {
                let start = clock.now
                let answer = try http.post(entry, to: "/echo")
                httpTimes.append(start.duration(to: clock.now))
                try check(answer, "HTTP round trip")
            }
            for _ in 0..<block {
                let start = clock.now
                let answer = try await inProcess.echo(entry)
                inProcessTimes.append(start.duration(to: clock.now))
                try check(answer, "in-process stub call")
            }
        }
        print(RoundTripSummary(kind: "stub", durations: stubTimes).line)
        print(RoundTripSummary(kind: "http", durations: httpTimes).line)
        print(RoundTripSummary(kind: "in-process", durations: inProcessTimes).line)
    }

    /// The echo a container of its own resolves after the instructions are applied: answered over
    /// the launcher's channel when `answers` is `nil`, by `answers` in process otherwise.
    private static func catalogEcho(_ instructions: [String], answering answers: StubAnswers?) async throws
        -> any CatalogEcho
    {
        let container = DependencyContainer()
        container.register((any CatalogEcho).self) { _ in LocalCatalogEcho() }
        let index = DynamicDependencyIndex()
        try index.add(CatalogEchoTypeIndex())
        try index.add(CatalogEchoFactoryIndex())
        // A release build driven on purpose: its test hooks open by its code, as Security says.
        try InjectDependenciesArgumentParser(
            index: index, container: container, report: .silent, answering: answers, testHooks: .always
        ).parse(arguments: ["StubRoundTrip"] + instructions)
        let echo = try await container.resolve((any CatalogEcho).self)
        guard echo is AnsweredCatalogEcho else {
            throw Failure(description: "no instruction swapped in the answered stub")
        }
        return echo
    }

    /// Every answer must be the entry sent: a benchmark of wrong answers measures nothing.
    private static func check(_ answer: CatalogEntry, _ kind: String) throws {
        guard answer == CatalogEntry.sample else {
            throw Failure(description: "the \(kind) came back as \(answer)")
        }
    }
}
