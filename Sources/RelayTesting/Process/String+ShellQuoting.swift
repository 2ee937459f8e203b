import Foundation

extension String {
    /// The string as a POSIX shell reads it back as one word: unchanged when it is plain,
    /// otherwise in single quotes.
    var shellQuoted: String {
        let plain =
            !isEmpty
            && unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                        || "_@%+=:,./-".unicodeScalars.contains(scalar))
            }
        if plain { return self }
        return "'" + replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
