/// One call a stub forwards to the test that answers it: which stub, which of its methods, and the
/// argument, as JSON.
///
/// The program makes these through ``StubCalls``; the test receives them, answers them, and keeps
/// them in its journal (RelayTesting's `StubAnswers`).
public struct StubCall: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The type key of the stubbed dependency, such as `catalogClient`.
    public let typeKey: String

    /// The method called, such as `entry`.
    public let name: String

    /// The argument, as JSON (`null` for a call without one).
    public let argument: String

    /// The name of the ``DependencySession`` whose stub made the call; `nil` for a stub of the
    /// program's own wiring.
    public let session: String?

    /// `true` when a spy made the call (``SpiedCalls``): the test may answer it, or let the real
    /// implementation answer. Left out of the JSON for a stub's call.
    private let spied: Bool?

    /// Whether a spy made the call: the test may let the real implementation answer it.
    public var isSpied: Bool { spied == true }

    /// Creates a call.
    ///
    /// - Parameters:
    ///   - typeKey: The type key of the stubbed dependency.
    ///   - name: The method called.
    ///   - argument: The argument, as JSON.
    ///   - session: The session whose stub made the call; `nil` for the program's own.
    ///   - isSpied: Whether a spy made it.
    public init(typeKey: String, name: String, argument: String, session: String? = nil, isSpied: Bool = false) {
        self.typeKey = typeKey
        self.name = name
        self.argument = argument
        self.session = session
        self.spied = isSpied ? true : nil
    }

    /// The call as a message shows it: `catalogClient.entry("9780441013593")`, each part escaped
    /// and cut as every message that quotes outside input is.
    public var description: String {
        let argument = argument == "null" ? "" : self.argument
        return "\(typeKey.echoed).\(name.echoed)(\(argument.echoed))"
    }
}
