/// Text helpers that judge Unicode scalars rather than Characters: the instruction grammar's
/// separators must not fuse with a combining mark that follows them.
extension String {
    /// The text without leading and trailing white space, judged scalar by scalar.
    var trimmingWhitespace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }

    /// The text split at every occurrence of a separator scalar, empty pieces kept.
    func scalarSplit(separator: Unicode.Scalar) -> [String] {
        unicodeScalars.split(separator: separator, omittingEmptySubsequences: false).map { String($0) }
    }
}
