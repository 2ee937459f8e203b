/// Steele, Lea and Flood's SplitMix64 generator, written out so that no library's random number
/// generator can change the graph it draws.
///
/// The same seed always gives the same sequence, on every platform and toolchain:
///
/// ```swift
/// var generator = SplitMix64(seed: 20_250_605)
/// let roll = generator.next(below: 5)  // 0 to 4, the same value on every run
/// ```
struct SplitMix64 {
    /// The generator's whole state: a counter advanced by the golden-ratio increment.
    private var state: UInt64

    /// Makes a generator whose sequence is a function of `seed` alone.
    ///
    /// - Parameter seed: The starting state.
    init(seed: UInt64) {
        state = seed
    }

    /// Advances the generator and returns its next 64-bit output.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Returns the next output reduced modulo `bound`: a value in `0..<bound`.
    ///
    /// A plain remainder, slightly biased towards small values, kept because the committed
    /// benchmark graph was drawn with it.
    ///
    /// - Parameter bound: The exclusive upper bound; greater than zero.
    mutating func next(below bound: Int) -> Int {
        precondition(bound > 0, "SplitMix64.next(below:) needs a positive bound, not \(bound)")
        return Int(next() % UInt64(bound))
    }
}
