/// Looks for the first line of a program's output that contains a text, resuming where it left
/// off as more output arrives.
///
/// A program that logs megabytes before the line a test waits for would otherwise have its whole
/// output decoded and split on every chunk a reader hands over: the reader falls behind, the
/// pipe fills, and the program blocks on a write until the wait times out. Here every complete
/// line is decoded once; only a line still being written is looked at again as it grows.
struct LineSearch: Sendable {
    /// The text a line must contain.
    let text: String

    /// For standard output and standard error, where the first line not yet ruled out starts.
    private var resumeOffsets = [0, 0]

    /// A search for a line containing `text`.
    init(text: String) {
        self.text = text
    }

    /// The first line of standard output, then of standard error, that contains the text; a line
    /// still being written counts. Lines end at `\n`; a `\r` before it is not part of the line.
    mutating func firstMatch(in state: ProgramMonitor.State) -> String? {
        if let line = firstMatch(in: state.standardOutput, stream: 0) { return line }
        return firstMatch(in: state.standardError, stream: 1)
    }

    private mutating func firstMatch(in bytes: [UInt8], stream: Int) -> String? {
        var start = resumeOffsets[stream]
        while start < bytes.count {
            let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n"))
            var end = newline ?? bytes.count
            if end > start && bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            let line = String(decoding: bytes[start..<end], as: UTF8.self)
            if line.contains(text) { return line }
            // A line still being written may contain the text once it is complete.
            guard let newline else { break }
            start = newline + 1
            resumeOffsets[stream] = start
        }
        return nil
    }
}
