import Benchmark

/// One of the situations of issue 5, measured once per ``Library``.
///
/// Every benchmark of a scenario is named `"<id> <title> (library: <library>, ops: <n>)"`:
/// package-benchmark appends the configuration's tags to the name in that form, and `compare.py`
/// reads the library and the number of operations in one measured sample back from it. A
/// sample's wall clock divided by `ops` is the cost of one operation.
struct Scenario {
    /// A short identifier that sorts in issue order: `S01`, `S06b`.
    let id: String

    /// What one operation is, in a few words: `cached singleton`.
    let title: String

    /// Operations in one measured sample, unless a benchmark says otherwise.
    var operationsPerSample = 1_000

    /// The longest any one benchmark runs, warm-up aside: the whole suite stays within minutes.
    static let maxDuration: Duration = .milliseconds(1_500)

    /// Registers the benchmark of `library` for this scenario.
    ///
    /// - Parameters:
    ///   - library: Whose code `body` runs.
    ///   - operations: Operations in one sample, when not ``operationsPerSample``; `body` must
    ///     perform exactly that many (`benchmark.scaledIterations` when it is 1,000).
    ///   - setup: Runs once before warm-up: builds the fixture and fills caches, so the samples
    ///     measure the steady state.
    ///   - teardown: Runs once after the last sample.
    ///   - body: One sample.
    func benchmark(
        _ library: Library,
        operations: Int? = nil,
        setup: (() throws -> Void)? = nil,
        teardown: (() -> Void)? = nil,
        body: @escaping (Benchmark) throws -> Void
    ) {
        Benchmark(
            "\(id) \(title)",
            configuration: configuration(for: library, operations: operations ?? operationsPerSample),
            closure: body,
            setup: setup.map { setup in { try setup() } },
            teardown: teardown.map { teardown in { teardown() } }
        )
    }

    /// Registers the benchmark of `library` for this scenario, whose samples await: an async
    /// resolve, tasks racing, an async start. As ``benchmark(_:operations:setup:teardown:body:)``
    /// otherwise.
    func asyncBenchmark(
        _ library: Library,
        operations: Int? = nil,
        setup: (() async throws -> Void)? = nil,
        body: @escaping (Benchmark) async throws -> Void
    ) {
        Benchmark(
            "\(id) \(title)",
            configuration: configuration(for: library, operations: operations ?? operationsPerSample),
            closure: body,
            setup: setup
        )
    }

    /// The configuration of every benchmark: the library and operations as tags (which
    /// `compare.py` reads back), wall clock and allocations, and a bounded run.
    private func configuration(for library: Library, operations: Int) -> Benchmark.Configuration {
        Benchmark.Configuration(
            metrics: [.wallClock, .mallocCountTotal, .throughput],
            tags: ["library": library.rawValue, "ops": String(operations)],
            timeUnits: .nanoseconds,
            warmupIterations: 3,
            scalingFactor: operations == 1_000 ? .kilo : .one,
            maxDuration: Self.maxDuration,
            maxIterations: 20_000
        )
    }
}
