import Foundation

// RelayTestingFixture: the programs RelayTestingTests launch, one per first argument.
//
//   RelayTestingFixture sleep                  prints "sleeping <pid>", then sleeps until killed
//   RelayTestingFixture launch                 launches `sleep` with RelayTesting, prints
//                                              "child <pid>", then waits until killed
//   RelayTestingFixture wiring [--stay] [--allow-unregistered] [-d instruction]...
//                                              a small Relay program: see WiringFixture.swift

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

/// Sleeps until a signal ends the process.
func sleepUntilKilled() -> Never {
    while true { sleep(3600) }
}

let arguments = CommandLine.arguments.dropFirst()
switch arguments.first {
case "sleep":
    say("sleeping \(getpid())")
    sleepUntilKilled()
case "launch":
    await OrphanFixture.launchAndWait()
case "wiring":
    WiringFixture.run(arguments: Array(arguments.dropFirst()))
default:
    fail("usage: RelayTestingFixture sleep | launch | wiring [--stay] [--allow-unregistered] [-d …]", status: 64)
}
