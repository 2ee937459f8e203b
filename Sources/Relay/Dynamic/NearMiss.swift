/// Finds what a person probably meant when they mistyped a word: the candidates within a small
/// edit distance, closest first.
enum NearMiss {
    /// The candidates at most a third of the word's length (and at least one edit) away from it.
    static func suggestions(for word: String, among candidates: some Sequence<String>) -> [String] {
        let limit = max(1, word.count / 3)
        return
            candidates
            .map { (candidate: $0, distance: editDistance(word.lowercased(), $0.lowercased())) }
            .filter { $0.distance <= limit }
            .sorted { ($0.distance, $0.candidate) < ($1.distance, $1.candidate) }
            .map(\.candidate)
    }

    /// The Levenshtein distance: insertions, deletions and substitutions, one each.
    static func editDistance(_ lhs: String, _ rhs: String) -> Int {
        let lhs = Array(lhs)
        let rhs = Array(rhs)
        guard !lhs.isEmpty else { return rhs.count }
        guard !rhs.isEmpty else { return lhs.count }
        var previous = Array(0...rhs.count)
        var current = previous
        for (i, left) in lhs.enumerated() {
            current[0] = i + 1
            for (j, right) in rhs.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[rhs.count]
    }

    /// ` Did you mean 'x'?` for the closest suggestion, or nothing.
    static func didYouMean(_ word: String, among candidates: some Sequence<String>) -> String {
        guard let best = suggestions(for: word, among: candidates).first else { return "" }
        return " Did you mean '\(best)'?"
    }
}
