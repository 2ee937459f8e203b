import RelayTesting

/// The request units a program's log says it opened and ended: its `RequestLog`, one per request's
/// unit of work, writes `request r7 opened` when the unit builds it and `request r7 ended` when the
/// unit's teardown runs.
struct RequestUnits: CustomStringConvertible {
    /// How often each request's unit was opened, by request number.
    private(set) var opened: [Int: Int] = [:]
    /// How often each request's unit was ended, by request number.
    private(set) var ended: [Int: Int] = [:]

    /// Reads the counts from a program's log.
    init(log: String) {
        for line in log.split(separator: "\n") {
            guard let match = line.firstMatch(of: /request r(\d+) (opened|ended)/), let number = Int(match.1)
            else { continue }
            if match.2 == "opened" {
                opened[number, default: 0] += 1
            } else {
                ended[number, default: 0] += 1
            }
        }
    }

    /// Requests whose unit was opened and has not ended.
    var unended: [Int] { opened.keys.filter { ended[$0] == nil }.sorted() }

    /// Whether every unit opened has ended, exactly once, and nothing else ended.
    var isBalanced: Bool {
        opened.values.allSatisfy { $0 == 1 } && ended.values.allSatisfy { $0 == 1 }
            && Set(opened.keys) == Set(ended.keys)
    }

    var description: String {
        let twice = ended.filter { $0.value > 1 }.keys.sorted()
        let unopened = ended.keys.filter { opened[$0] == nil }.sorted()
        return "\(opened.count) opened, \(ended.count) ended; not ended: \(unended), "
            + "ended more than once: \(twice), ended without being opened: \(unopened)"
    }

    /// Waits until every unit the program has opened has ended, and hands back the counts then;
    /// or, past `timeout`, the counts as they are. It waits for each `ended` line the program has
    /// yet to write, as the program writes it.
    static func waitUntilBalanced(in program: LaunchedProgram, timeout: Duration = .seconds(30)) async -> Self {
        let deadline = ContinuousClock.now + timeout
        while let request = Self(log: program.standardError).unended.first {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { break }
            do {
                _ = try await program.waitForOutput(containing: "request r\(request) ended", timeout: left)
            } catch {
                break
            }
        }
        return Self(log: program.standardError)
    }
}
