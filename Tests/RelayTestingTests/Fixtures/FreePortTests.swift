import Foundation
import RelayTesting
import Testing

@Suite("Free ports")
struct FreePortTests {
    @Test("ports are real, and never handed out twice")
    func distinctPorts() throws {
        let ports = try (0..<20).map { _ in try FreePort.next() }
        #expect(Set(ports).count == ports.count)
        #expect(ports.allSatisfy { (1...65_535).contains($0) })
    }

    @Test("ports handed out to parallel tests differ")
    func parallelPorts() async throws {
        let ports = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<16 { group.addTask { try FreePort.next() } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(ports).count == 16)
    }

    @Test("a host that is not an IPv4 address is refused")
    func badHost() {
        #expect {
            try FreePort.next(host: "localhost")
        } throws: { error in
            (error as? FreePortError)?.description == "'localhost' is not an IPv4 address"
        }
    }
}
