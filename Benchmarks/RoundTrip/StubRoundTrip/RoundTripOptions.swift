/// How many round trips to time, read from the command line both sides share:
/// `[--calls N] [--warm-up N] [--block N] [--transport descriptor|endpoint|unix]`, and in the program
/// `--program PORT` and its `-d` instructions.
struct RoundTripOptions {
    /// How the program reaches the test: the socket pair RelayTesting's launcher hands it
    /// (`descriptor`), or a loopback TCP connection it opens itself to a `ProgramEndpoint`
    /// (`endpoint`), or a Unix socket it connects to the same way (`unix`), as a program started
    /// by any other launcher does.
    enum Transport: String {
        case descriptor, endpoint, unix
    }

    /// How the program reaches the test (the test's side chooses; the program finds out from its
    /// environment).
    var transport = Transport.descriptor
    /// Timed round trips of each kind.
    var calls = 2_000
    /// Untimed round trips of each kind first.
    var warmUp = 200
    /// Round trips of one kind in a row before switching to the other, so that whatever else the
    /// machine does falls on both kinds alike.
    var block = 100
    /// The HTTP server's port: present in the program, absent in the test.
    var programPort: UInt16?
    /// The program's dependency instructions, `-d` included.
    var instructions: [String] = []

    /// Why the command line was not understood.
    struct Refused: Error, CustomStringConvertible {
        let description: String
    }

    init(arguments: ArraySlice<String>) throws {
        var position = arguments.startIndex
        func value(of option: String) throws -> String {
            position += 1
            guard position < arguments.endIndex else { throw Refused(description: "\(option) needs a value") }
            return arguments[position]
        }
        func count(of option: String) throws -> Int {
            let text = try value(of: option)
            guard let count = Int(text), count > 0 else {
                throw Refused(description: "\(option) takes a positive count, not '\(text)'")
            }
            return count
        }
        while position < arguments.endIndex {
            let option = arguments[position]
            switch option {
            case "--calls": calls = try count(of: option)
            case "--warm-up": warmUp = try count(of: option)
            case "--block": block = try count(of: option)
            case "--program":
                let text = try value(of: option)
                guard let port = UInt16(text) else {
                    throw Refused(description: "--program takes a port, not '\(text)'")
                }
                programPort = port
            case "-d": instructions += ["-d", try value(of: option)]
            case "--transport":
                let text = try value(of: option)
                guard let transport = Transport(rawValue: text) else {
                    throw Refused(description: "--transport takes descriptor, endpoint or unix, not '\(text)'")
                }
                self.transport = transport
            default:
                throw Refused(
                    description:
                        "unknown argument '\(option)'; usage: StubRoundTrip [--calls N] [--warm-up N] [--block N] "
                        + "[--transport descriptor|endpoint|unix]")
            }
            position += 1
        }
    }

    /// The options the program is launched with, apart from its port and instructions.
    var counts: [String] {
        ["--calls", "\(calls)", "--warm-up", "\(warmUp)", "--block", "\(block)"]
    }
}
