// The round trip of one call of a stub the test answers (Relay's StubCalls over the control
// channel a RelayTesting launcher hands the program), beside an HTTP/1.1 round trip to a local
// server carrying the same JSON, both timed in one run on this machine:
//
//     Scripts/stub-round-trip.sh                       # release build, then a run
//     .build/release/StubRoundTrip --calls 5000        # more samples
//
// Run without `--program`, it is the test: it starts the HTTP server and launches itself with
// `--program PORT` and the stub's instruction, answering the stub's calls; the program times both
// kinds of round trip (and the same stub answered in process, without the channel) and prints
// their medians and 99th percentiles, which the test tabulates. See Benchmarks/README.md.

import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

@main
enum StubRoundTrip {
    static func main() async {
        // A peer that closes its socket makes a write fail with EPIPE rather than end the process.
        signal(SIGPIPE, SIG_IGN)
        do {
            let options = try RoundTripOptions(arguments: CommandLine.arguments.dropFirst())
            if let port = options.programPort {
                try await ProgramSide.run(options, port: port)
            } else {
                try await TestSide.run(options)
            }
        } catch {
            FileHandle.standardError.write(Data("StubRoundTrip: \(error)\n".utf8))
            exit(1)
        }
    }
}
