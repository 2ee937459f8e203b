import Foundation
import RelayTestSupport
import RelayTesting
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("A program dies with the process that launched it")
struct ParentDeathTests {
    #if os(Linux)
    @Test("SIGKILL the process that launched a program, and the program is gone within a second")
    func killedLauncherTakesItsProgram() async throws {
        try await withDeadline(seconds: 30) {
            // The fixture plays a test process: it launches a sleeping program with RelayTesting,
            // says which, and waits.
            let launcher = try fixture(["launch"], readiness: .outputLine(containing: "child "))
            try await withLaunchedProgram(launcher) { helper in
                let line = try #require(helper.readinessLine)
                let child = try #require(Int32(line.dropFirst("child ".count)))
                #expect(ProcessProbe.isAlive(child))

                // The way a CI timeout or a crashed runner ends a test process: no chance to clean up.
                kill(helper.processIdentifier, SIGKILL)
                #expect(try await helper.waitForExit() == .signalled(SIGKILL))

                // Time is the subject here: the program must be gone within a second of its launcher.
                let gone = await ProcessProbe.waitUntilGone(child, within: .seconds(1))
                #expect(gone, "the program \(child) outlived the process that launched it")
                if !gone { kill(child, SIGKILL) }
            }
        }
    }
    #endif
}
