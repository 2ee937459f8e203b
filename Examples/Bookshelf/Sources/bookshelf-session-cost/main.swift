import Foundation
import RelayTesting
import RelayTestingHTTP

// What one driver test costs, two ways, in one run on this machine: a test that launches the
// program (launch, one request, stop) against a test in a session of a program launched once
// (open a session with the test's stubs, one request, end it). Prints the medians and the ratio.
// The debug build, as driver tests launch it (a release build reads no instructions):
//
//   swift build --product bookshelf && swift build --product bookshelf-session-cost
//   .build/debug/bookshelf-session-cost [ROUNDS]

/// The built `bookshelf` beside this executable.
let executable = ProgramExecutable(
    path: URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("bookshelf")
        .path)
let rounds = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 20
// The keys by name: the stubs target is the program's, not this tool's.
let stubs: [DependencyInstructionLaunchArgument] = [
    .init(type: "bookStore", factory: "inMemoryBookStore"), .init(type: "clock", factory: "fixedClock"),
    .init(type: "idGenerator", factory: "sequentialIDs"), .init(type: "catalogClient", factory: "stubCatalog"),
]

/// The bookshelf on a port the system picks (``port(of:)`` reads it).
func launcher(directory: TemporaryDirectory, instructions: [DependencyInstructionLaunchArgument]) throws
    -> ProgramLauncher
{
    var launcher = ProgramLauncher(
        executable: executable,
        arguments: ["--port", "0", "--database", directory.file(named: "books.sqlite").path],
        readiness: .outputLine(containing: "bookshelf listening on"), workingDirectory: directory.url)
    try launcher.inject(instructions)
    return launcher
}

/// The port `program` listens on, from its line `bookshelf listening on http://HOST:PORT`.
func port(of program: LaunchedProgram) -> Int {
    guard let port = program.readinessLine?.split(separator: ":").last.flatMap({ Int($0) }) else {
        print("the bookshelf named no port: \(program.readinessLine ?? "no readiness line")")
        exit(1)
    }
    return port
}

func median(_ samples: [Duration]) -> Duration {
    samples.sorted()[samples.count / 2]
}

func milliseconds(_ duration: Duration) -> String {
    let value = Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15
    return String(format: "%.2f ms", value)
}

let clock = ContinuousClock()
try await withTemporaryDirectory(prefix: "session-cost") { directory in
    // A test that launches its own program.
    var launched: [Duration] = []
    for _ in 0..<rounds {
        let start = clock.now
        try await withLaunchedProgram(try launcher(directory: directory, instructions: stubs)) { program in
            let answer = try await ProgramHTTPClient(port: port(of: program)).get("books")
            precondition(answer.status == 200, "\(answer)")
        }
        launched.append(clock.now - start)
    }

    // A test in a session of a program launched once.
    var sessions: [Duration] = []
    var shared = try launcher(directory: directory, instructions: [])
    shared.opensControlChannel = true
    try await withLaunchedProgram(shared) { program in
        let client = ProgramHTTPClient(port: port(of: program))
        for _ in 0..<rounds {
            let start = clock.now
            try await withSession(on: program, stubs) { session in
                let answer = try await client.in(session).get("books")
                precondition(answer.status == 200, "\(answer)")
            }
            sessions.append(clock.now - start)
        }
    }

    let launch = median(launched)
    let session = median(sessions)
    let ratio =
        Double(launch.components.attoseconds / 1_000_000_000 + launch.components.seconds * 1_000_000_000)
        / Double(session.components.attoseconds / 1_000_000_000 + session.components.seconds * 1_000_000_000)
    print("a test that launches bookshelf:   median \(milliseconds(launch)) over \(rounds) tests")
    print("a test in a session of bookshelf: median \(milliseconds(session)) over \(rounds) tests")
    print(String(format: "a session is %.1fx cheaper", ratio))
}
