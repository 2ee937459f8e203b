import Foundation
import RelayTesting
import Synchronization
import Testing

/// The third way the bookshelf is driven: by a harness written in Python from the protocol
/// document alone (Docs/ControlProtocol.md), with none of RelayTesting. The harness starts the
/// built program with only its environment, answers its catalog, opens a session, re-wires it, and
/// checks the refusals (Tests/Conformance/test_bookshelf.py); this test runs it, so `swift test`
/// covers the protocol as another language sees it.
@Suite("A harness in another language drives the program")
struct PythonConformanceTests {
    /// The conformance test beside this target's folder.
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Conformance/test_bookshelf.py")

    /// Where `python3` is, when this machine has one (CI's and Apple's developer tools do).
    static let python: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("python3") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    @Test(
        "the Python conformance client passes: handshake, answered stubs, a spy, a session, re-wiring, refusals",
        .enabled(if: python != nil, "no python3 on PATH: the protocol's conformance client cannot run here"),
        .timeLimit(.minutes(2)))
    func pythonClient() async throws {
        let python = try #require(Self.python)
        let program = try ProgramExecutable.product("bookshelf")
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("conformance-\(UUID()).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        let output = try FileHandle(forWritingTo: log)
        let process = Process()
        process.executableURL = python
        process.arguments = [Self.script.path, "--binary", program.url.path]
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        let status = try await Self.run(process, within: .seconds(90))
        try output.close()
        let report = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        #expect(
            status == 0,
            "test_bookshelf.py exited with \(status.map(String.init) ?? "no status (killed at the deadline)"):\n\(report)"
        )
        // The client ran all its tests; a script that found none would pass vacuously.
        let ran = report.firstMatch(of: /Ran ([0-9]+) tests/).flatMap { Int($0.1) } ?? 0
        #expect(ran >= 12, "\(report)")
    }

    /// Runs `process` to its end, or kills it at `deadline`; its exit status, `nil` when a signal
    /// ended it (the deadline's kill among them).
    private static func run(_ process: Process, within deadline: Duration) async throws -> Int32? {
        let watch = Mutex<Task<Void, Never>?>(nil)
        defer { watch.withLock { $0?.cancel() } }
        return try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { process in
                continuation.resume(
                    returning: process.terminationReason == .uncaughtSignal ? nil : process.terminationStatus)
            }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
                return
            }
            let pid = process.processIdentifier
            let timer = Task.detached {
                // Time is the subject: the hang guard's own clock.
                guard (try? await Task.sleep(for: deadline)) != nil else { return }
                kill(pid, SIGKILL)
            }
            watch.withLock { $0 = timer }
        }
    }
}
