import Foundation
import Relay

// RelayTestingFixture: the programs RelayTestingTests launch, one per first argument.
//
//   RelayTestingFixture sleep                  prints "sleeping <pid>", then sleeps until killed
//   RelayTestingFixture launch                 launches `sleep` with RelayTesting, prints
//                                              "child <pid>", then waits until killed
//   RelayTestingFixture chatty <lines>         writes <lines> lines of 100 bytes, one write each,
//                                              then "ready", then sleeps until killed
//   RelayTestingFixture printing [--parse]     prints "ready" with print() (block-buffered into a
//                                              pipe), after running Relay's instruction parser with
//                                              --parse; exits (flushing) on SIGTERM
//   RelayTestingFixture wiring [--stay] [--allow-unregistered] [--reuse-descriptor-3 PATH]
//                              [-d instruction]...
//                                              a small Relay program: see WiringFixture.swift
//   RelayTestingFixture answered [--loop] [--reset] [-d instruction]... NAME...
//                                              greets each name through a greeter the test may
//                                              answer: see AnsweredFixture.swift
//   RelayTestingFixture sessions DIR [-d instruction]...
//                                              greets through that greeter from the program's
//                                              wiring and the session DIR/session names, every
//                                              20 ms: see SessionFixture.swift
//   RelayTestingFixture reused-channel [-d instruction]...
//                                              puts a socket of its own on the channel's number,
//                                              then greets: see ChannelFixture.swift
//   RelayTestingFixture stalled-channel        calls through a channel nobody reads: see
//                                              ChannelFixture.swift
//   RelayTestingFixture spawn-low-report       spawns a missing executable with descriptors 3 and 4
//                                              free: see SpawnFixture.swift

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes `message` to standard error and exits with `status`.
func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("RelayTestingFixture: \(message)\n".utf8))
    exit(status)
}

/// Writes `line` to standard output at once (a pipe would buffer `print`).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// Waits, on no timer, until a signal ends the process: `pause()` returns only after a signal
/// handler ran, and the process goes on waiting then.
func sleepUntilKilled() -> Never {
    while true { pause() }
}

let arguments = CommandLine.arguments.dropFirst()
switch arguments.first {
case "sleep":
    say("sleeping \(getpid())")
    sleepUntilKilled()
case "launch":
    await OrphanFixture.launchAndWait()
case "chatty":
    // A server that logs a lot before it is ready: one write per line, as loggers do.
    let count = arguments.dropFirst().first.flatMap { Int($0) } ?? 0
    let line = Array((String(repeating: "x", count: 99) + "\n").utf8)
    for _ in 0..<count {
        _ = line.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    }
    say("ready")
    sleepUntilKilled()
case "printing":
    // A server that prints its readiness line with print() and ends on SIGTERM with exit(), which
    // flushes what the C library still buffers.
    signal(SIGTERM) { _ in exit(0) }
    if arguments.dropFirst().first == "--parse" {
        do {
            try InjectDependenciesArgumentParser(
                index: DynamicDependencyIndex(), container: DependencyContainer(), report: .silent
            ).parse(arguments: ["printing"])
        } catch {
            fail("\(error)", status: 64)
        }
    }
    print("ready")
    sleepUntilKilled()
case "wiring":
    WiringFixture.run(arguments: Array(arguments.dropFirst()))
case "answered":
    await AnsweredFixture.run(arguments: Array(arguments.dropFirst()))
case "sessions":
    await SessionFixture.run(arguments: Array(arguments.dropFirst()))
case "reused-channel":
    await ChannelFixture.reusedChannel(arguments: Array(arguments.dropFirst()))
case "stalled-channel":
    await ChannelFixture.stalledChannel()
case "spawn-low-report":
    SpawnFixture.spawnWithLowReportPipe()
default:
    fail(
        "usage: RelayTestingFixture sleep | launch | chatty <lines> | printing [--parse] | wiring [--stay] "
            + "[--allow-unregistered] [-d …] | answered [--loop] [--reset] [-d …] NAME… | sessions DIR [-d …] "
            + "| reused-channel [-d …] | stalled-channel | spawn-low-report",
        status: 64)
}
