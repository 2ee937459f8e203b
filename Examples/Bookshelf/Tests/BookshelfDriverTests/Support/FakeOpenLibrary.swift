import Foundation
import Hummingbird
import Logging
import RelayIntegrationTestSupport
import Synchronization

/// A stand-in for Open Library's ISBN and author API, served from the test process on a port of
/// its own, that records the paths it was asked for.
///
/// Made with `holdingAnswers: true`, it keeps every ISBN lookup waiting until ``releaseAnswers()``:
/// the requests that caused them are then in flight in the program, for as long as a test needs.
final class FakeOpenLibrary: Sendable {
    /// The held lookups, and the tests waiting until there are enough of them.
    private struct Held {
        var isReleased: Bool
        var waiting: [CheckedContinuation<Void, Never>] = []
        var counting: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let requests = Mutex<[String]>([])
    private let held: Mutex<Held>

    init(holdingAnswers: Bool = false) {
        held = Mutex(Held(isReleased: !holdingAnswers))
    }

    /// The paths asked for so far, in order.
    var requestedPaths: [String] { requests.withLock { $0 } }

    /// How many ISBN lookups are waiting for ``releaseAnswers()``.
    var heldCount: Int { held.withLock { $0.waiting.count } }

    /// Answers every held lookup, and every later one at once.
    func releaseAnswers() {
        let waiting = held.withLock { held in
            held.isReleased = true
            defer { held.waiting.removeAll() }
            return held.waiting
        }
        for continuation in waiting { continuation.resume() }
    }

    /// Waits until `count` ISBN lookups are held, woken by the lookup that makes it `count`, or
    /// fails after `timeout`.
    func waitUntilHolding(_ count: Int, timeout: Duration = .seconds(20)) async throws {
        do {
            try await withDeadline(timeout) { await self.untilHolding(count) }
        } catch is DeadlineExceeded {
            throw HeldLookupsTimedOut(expected: count, held: heldCount)
        }
    }

    private func untilHolding(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let isHolding = held.withLock { held in
                if held.waiting.count >= count { return true }
                held.counting.append((count, continuation))
                return false
            }
            if isHolding { continuation.resume() }
        }
    }

    /// Waits while answers are held; returns at once when they are not.
    private func waitForRelease() async {
        await withCheckedContinuation { continuation in
            let (isReleased, counted) = held.withLock { held in
                guard !held.isReleased else { return (true, [CheckedContinuation<Void, Never>]()) }
                held.waiting.append(continuation)
                let holding = held.waiting.count
                defer { held.counting.removeAll { $0.count <= holding } }
                return (false, held.counting.filter { $0.count <= holding }.map(\.continuation))
            }
            if isReleased { continuation.resume() }
            for waiter in counted { waiter.resume() }
        }
    }

    /// Runs `body` with the server listening on the port it is given, then stops the server.
    func serve<Result>(
        isolation: isolated (any Actor)? = #isolation,
        _ body: (_ port: Int) async throws -> Result
    ) async throws -> Result {
        let router = Router()
        router.get("isbn/:file") { [self] request, context -> String in
            self.requests.withLock { $0.append(request.uri.path) }
            await self.waitForRelease()
            guard context.parameters.get("file") == "9780441013593.json" else { throw HTTPError(.notFound) }
            return
                #"{"title":"Dune","authors":[{"key":"/authors/OL79034A"}],"number_of_pages":528,"publish_date":"2005","covers":[11481354]}"#
        }
        router.get("authors/:file") { [self] request, context -> String in
            self.requests.withLock { $0.append(request.uri.path) }
            guard context.parameters.get("file") == "OL79034A.json" else { throw HTTPError(.notFound) }
            return #"{"name":"Frank Herbert"}"#
        }
        let ports = AsyncStream.makeStream(of: Int.self)
        var logger = Logger(label: "fake-open-library")
        logger.logLevel = .critical  // Cancelling the server at the end is how it stops, not an error.
        let app = Application(
            router: router,
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in ports.continuation.yield(channel.localAddress?.port ?? 0) },
            logger: logger
        )
        let server = Task { try await app.run() }
        defer { server.cancel() }
        var iterator = ports.stream.makeAsyncIterator()
        guard let port = await iterator.next() else { throw CancellationError() }
        return try await body(port)
    }
}

/// Fewer lookups reached the stand-in catalog than a test waited for.
struct HeldLookupsTimedOut: Error, CustomStringConvertible {
    let expected: Int
    let held: Int

    var description: String { "the catalog held \(held) lookups, not \(expected), before the deadline" }
}
