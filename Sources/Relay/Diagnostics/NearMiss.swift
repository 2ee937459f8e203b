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

    /// The optimal string alignment distance: insertions, deletions, substitutions and swaps of two
    /// neighbours, one each (so `clokc` is one edit from `clock`).
    static func editDistance(_ lhs: String, _ rhs: String) -> Int {
        let lhs = Array(lhs)
        let rhs = Array(rhs)
        guard !lhs.isEmpty else { return rhs.count }
        guard !rhs.isEmpty else { return lhs.count }
        // distances[i][j]: the distance between the first i characters of lhs and the first j of rhs.
        var distances = [[Int]](repeating: [Int](repeating: 0, count: rhs.count + 1), count: lhs.count + 1)
        for i in 0...lhs.count { distances[i][0] = i }
        for j in 0...rhs.count { distances[0][j] = j }
        for i in 1...lhs.count {
            for j in 1...rhs.count {
                let substitution = lhs[i - 1] == rhs[j - 1] ? 0 : 1
                var best = min(distances[i - 1][j] + 1, distances[i][j - 1] + 1, distances[i - 1][j - 1] + substitution)
                if i > 1, j > 1, lhs[i - 1] == rhs[j - 2], lhs[i - 2] == rhs[j - 1] {
                    best = min(best, distances[i - 2][j - 2] + 1)
                }
                distances[i][j] = best
            }
        }
        return distances[lhs.count][rhs.count]
    }

    /// ` Did you mean 'x'?` for the closest suggestion, or nothing.
    static func didYouMean(_ word: String, among candidates: some Sequence<String>) -> String {
        guard let best = suggestions(for: word, among: candidates).first else { return "" }
        return " Did you mean '\(best.echoed)'?"
    }
}
