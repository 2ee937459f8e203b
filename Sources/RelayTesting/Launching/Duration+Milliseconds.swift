extension Duration {
    /// The duration in whole milliseconds, rounded down: how the channel and the endpoint variable
    /// carry a time limit.
    var wholeMilliseconds: Int64 {
        components.seconds * 1_000 + components.attoseconds / 1_000_000_000_000_000
    }
}
