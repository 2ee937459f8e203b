import Foundation
// The spawn request is RelayTesting's own: what is checked here is its C side, with descriptors
// laid out as a launch never lays them out on its own.
@testable import RelayTesting

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `spawn-low-report`: starts a missing executable with descriptors 3 and 4 free, so that the
/// spawn's report pipe is made on them, and two descriptors to hand over as the program's 3 and 4.
/// Prints what the spawn reported: `started PID` or its error.
enum SpawnFixture {
    static func spawnWithLowReportPipe() {
        // Each lands above 20, leaving the low numbers free.
        let nothing = (0..<5).map { _ in
            let opened = open("/dev/null", O_RDWR | O_CLOEXEC)
            let moved = fcntl(opened, F_DUPFD_CLOEXEC, 20)
            close(opened)
            return moved
        }
        for number: Int32 in [3, 4] where fcntl(number, F_GETFD) != -1 {
            fail("descriptor \(number) is open: the check needs it free", status: 70)
        }
        let request = SpawnRequest(
            executable: URL(fileURLWithPath: "/nonexistent/relay-no-such-program"), arguments: [], environment: [:],
            workingDirectory: nil, standardInput: nothing[0], standardOutput: nothing[1], standardError: nothing[2],
            inherited: [nothing[3], nothing[4]])
        do {
            say("started \(try request.spawn())")
        } catch {
            say("\(error)")
        }
    }
}
