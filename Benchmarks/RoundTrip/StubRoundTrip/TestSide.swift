import Foundation
import Relay
import RelayTesting

/// The test: serves HTTP on a loopback port, launches this same executable as the program under
/// test with an answered stub, answers its calls, and prints the program's figures side by side.
enum TestSide {
    /// The program ended without printing both summaries.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func run(_ options: RoundTripOptions) async throws {
        let server = try LoopbackHTTPServer()
        let answers = StubAnswers()
        // The same work as the server's: decode the entry, encode it back.
        answers.answer(.catalogEcho, "echo") { (entry: CatalogEntry) in entry }

        var launcher = ProgramLauncher(
            executable: ProgramExecutable(path: try ownExecutablePath()),
            arguments: ["--program", "\(server.port)"] + options.counts
        )
        try launcher.inject(DependencyInstructionLaunchArgument(type: .catalogEcho, factory: .answeredCatalogEcho))
        launcher.collectsWiringAccount = false

        let exit: ProgramExit
        switch options.transport {
        case .descriptor:
            launcher.stubAnswers = answers
            exit = try await withLaunchedProgram(launcher) { program in
                try await program.waitForExit(timeout: .seconds(600))
            }
        case .endpoint, .unix:
            // Only the environment: the program connects to the test itself.
            let endpoint = try ProgramEndpoint(
                stubAnswers: answers, wiringCoverage: WiringCoverage(),
                listening: options.transport == .unix ? .unixSocket : .loopbackTCP)
            launcher.environment.merge(endpoint.environment) { $1 }
            exit = try await withLaunchedProgram(launcher) { program in
                let connection = try await endpoint.connection(timeout: .seconds(30))
                defer { connection.close() }
                return try await program.waitForExit(timeout: .seconds(600))
            }
        }
        let summaries = exit.standardOutput.split(separator: "\n").compactMap(RoundTripSummary.init(line:))
        guard exit.succeeded, let stub = summaries.first(where: { $0.kind == "stub" }),
            let http = summaries.first(where: { $0.kind == "http" })
        else {
            throw Failure(description: "the program did not report both round trips: \(exit)\n\(exit.standardError)")
        }
        let inProcess = summaries.first { $0.kind == "in-process" }
        printTable(stub: stub, http: http, inProcess: inProcess, options: options)
    }

    private static func channelName(_ transport: RoundTripOptions.Transport) -> String {
        switch transport {
        case .descriptor: "the launcher's socket pair"
        case .endpoint: "a TCP endpoint on loopback"
        case .unix: "a Unix socket endpoint"
        }
    }

    private static func printTable(
        stub: RoundTripSummary, http: RoundTripSummary, inProcess: RoundTripSummary?, options: RoundTripOptions
    ) {
        let payload = (try? encodedSize(CatalogEntry.sample)) ?? 0
        print(
            """
            One round trip carrying a \(payload)-byte JSON value each way, in microseconds
            (\(stub.samples) of each, after \(options.warmUp) untimed, in alternating blocks of \(options.block);
            the stub's channel: \(channelName(options.transport))):

            """)
        let fixed = RoundTripSummary.fixed
        print(row("", "median", "p99"))
        print(row("stub call answered by the test", fixed(stub.median), fixed(stub.p99)))
        print(row("HTTP/1.1 POST, loopback keep-alive", fixed(http.median), fixed(http.p99)))
        print(row("stub / HTTP", ratio(stub.median, http.median), ratio(stub.p99, http.p99)))
        if let inProcess {
            print()
            print(row("same stub answered in process", fixed(inProcess.median), fixed(inProcess.p99)))
        }
    }

    private static func row(_ label: String, _ median: String, _ p99: String) -> String {
        label.padding(toLength: 36, withPad: " ", startingAt: 0) + padded(median, 10) + padded(p99, 10)
    }

    private static func ratio(_ value: Double, _ base: Double) -> String {
        base > 0 ? RoundTripSummary.fixed(value / base) + "x" : "-"
    }

    /// `text` right-aligned in `width` columns.
    private static func padded(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }

    /// The bytes of JSON one call carries, as both kinds of round trip encode it.
    private static func encodedSize(_ entry: CatalogEntry) throws -> Int {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(entry).count
    }

    /// This executable, to launch again as the program.
    private static func ownExecutablePath() throws -> String {
        guard let path = Bundle.main.executablePath else {
            throw Failure(description: "cannot find this executable's own path")
        }
        return path
    }
}
