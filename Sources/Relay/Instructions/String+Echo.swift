extension String {
    /// The longest part of a token that messages repeat, in Unicode scalars.
    static let echoLimit = 80

    /// The control characters with a short escape that a reader knows.
    private static let shortEscapes: [Unicode.Scalar: String] = ["\t": "\\t", "\n": "\\n", "\r": "\\r"]

    /// The text as a message may repeat it: control characters (which could move a terminal's
    /// cursor or change its colours) written as `\u{1B}`, and anything past ``echoLimit`` scalars
    /// cut, with how much was left out.
    ///
    /// Every message that quotes what a user or a command line gave (a token, a key, an
    /// instruction) quotes it through this, so that a 130 KB key or an escape sequence reaches no
    /// terminal whole.
    var echoed: String {
        var result = ""
        var count = 0
        for scalar in unicodeScalars {
            guard count < Self.echoLimit else {
                let left = unicodeScalars.count - count
                result += "…(\(left) more character\(left == 1 ? "" : "s"))"
                break
            }
            count += 1
            if let escape = Self.shortEscapes[scalar] {
                result += escape
            } else if scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format {
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
