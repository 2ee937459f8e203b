/// The median and the 99th percentile of one kind of round trip, in microseconds: what the program
/// prints, one line per kind, and what the test reads back from its output.
struct RoundTripSummary: Equatable {
    /// `stub` or `http`.
    let kind: String
    let samples: Int
    let median: Double
    let p99: Double

    /// Summarises measured durations (nearest rank for the percentile).
    init(kind: String, durations: [Duration]) {
        precondition(!durations.isEmpty, "no \(kind) samples")
        let sorted = durations.map(Self.microseconds).sorted()
        let middle = sorted.count / 2
        self.kind = kind
        samples = sorted.count
        median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        let rank = Int((0.99 * Double(sorted.count)).rounded(.up))
        p99 = sorted[max(rank, 1) - 1]
    }

    /// The line the program prints: `round-trip stub samples=2000 median-us=41.20 p99-us=97.85`.
    var line: String {
        "\(Self.prefix)\(kind) samples=\(samples) median-us=\(Self.fixed(median)) p99-us=\(Self.fixed(p99))"
    }

    /// Reads a line ``line`` wrote; `nil` for any other line.
    init?(line: Substring) {
        guard line.hasPrefix(Self.prefix) else { return nil }
        let words = line.dropFirst(Self.prefix.count).split(separator: " ")
        guard let kind = words.first else { return nil }
        var fields: [Substring: Substring] = [:]
        for word in words.dropFirst() {
            let parts = word.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { fields[parts[0]] = parts[1] }
        }
        guard let samples = fields["samples"].flatMap({ Int($0) }),
            let median = fields["median-us"].flatMap({ Double($0) }),
            let p99 = fields["p99-us"].flatMap({ Double($0) })
        else { return nil }
        self.kind = String(kind)
        self.samples = samples
        self.median = median
        self.p99 = p99
    }

    private static let prefix = "round-trip "

    private static func microseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1_000_000 + Double(attoseconds) / 1_000_000_000_000
    }

    /// Two decimals, without Foundation's formatting.
    static func fixed(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
