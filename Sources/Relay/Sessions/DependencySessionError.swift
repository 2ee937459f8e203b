/// Why work that carried a session name cannot run in a session.
///
/// The integrations answer the request with HTTP 400 and this message; it never falls back to
/// the program's wiring or another session's, which a test would mistake for its own.
public struct DependencySessionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong with the name.
    public enum Code: String, Sendable, Hashable {
        /// No session of that name is open: it never was, or it has ended.
        case unknownSession
        /// The name is empty or longer than ``DependencySession/maximumNameLength``.
        case malformedName
    }

    /// What was wrong.
    public let code: Code

    /// The name, as given (cut to the longest a name may be).
    public let name: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - code: What was wrong.
    ///   - name: The name, as given.
    public init(_ code: Code, name: String) {
        self.code = code
        self.name = name
    }

    /// The message: the name, and what to do.
    public var description: String {
        switch code {
        case .unknownSession:
            "no session '\(name.echoed)' is open in this program: it has ended, or was never opened here"
        case .malformedName:
            "'\(name.echoed)' is not a session name: a name has 1 to \(DependencySession.maximumNameLength) bytes"
        }
    }
}
