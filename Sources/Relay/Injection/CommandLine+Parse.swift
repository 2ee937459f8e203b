extension CommandLine {
    /// Hands the program's arguments to each parser in turn.
    ///
    /// ```swift
    /// try CommandLine.parse(with: [InjectDependenciesArgumentParser()])
    /// ```
    ///
    /// - Parameter parsers: The parsers, in order.
    /// - Throws: The first error a parser throws; the parsers after it do not run.
    public static func parse(with parsers: [any CommandLineArgumentParser]) throws {
        try parse(arguments: CommandLine.arguments, with: parsers)
    }

    /// Hands given arguments to each parser in turn, for tests and for programs that filter their
    /// arguments first. (Swift 6 has no setter for `CommandLine.arguments`.)
    ///
    /// ```swift
    /// try CommandLine.parse(arguments: ["app", "-d", "type=clock,factory=fixed"], with: [parser])
    /// ```
    ///
    /// - Parameters:
    ///   - arguments: The arguments, starting with the program's name.
    ///   - parsers: The parsers, in order.
    /// - Throws: The first error a parser throws; the parsers after it do not run.
    public static func parse(arguments: [String], with parsers: [any CommandLineArgumentParser]) throws {
        for parser in parsers {
            try parser.parse(arguments: arguments)
        }
    }
}
