/// Whether a message may quote `text` as it is: no control or format character, and short enough
/// that messages do not cut it (they escape and cut anything else, so that nothing a command line
/// gave reaches a terminal raw).
public func isQuotedVerbatim(_ text: String) -> Bool {
    text.unicodeScalars.count <= 80 && !text.unicodeScalars.contains(where: isUnprintable)
}

/// Whether a message holds no control or format character: what an echoed token may not bring.
public func isPrintable(_ message: String) -> Bool {
    !message.unicodeScalars.contains { $0 != "\n" && isUnprintable($0) }
}

private func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format
}
