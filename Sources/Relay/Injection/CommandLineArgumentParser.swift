/// Something that reads a program's command-line arguments at start-up and acts on them.
///
/// ``Swift/CommandLine/parse(with:)`` hands every parser the arguments in turn.
public protocol CommandLineArgumentParser {
    /// Reads the arguments and acts on them.
    ///
    /// - Parameter arguments: The program's arguments, starting with its name (like
    ///   `CommandLine.arguments`).
    /// - Throws: Whatever stops the program from starting as asked.
    func parse(arguments: [String]) throws
}
