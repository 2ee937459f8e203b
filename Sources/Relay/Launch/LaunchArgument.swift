/// Something a driver passes to the program it launches, as one or more command-line arguments.
///
/// ``LaunchArgumentBuilder`` joins a list of them into an argument vector.
public protocol LaunchArgument: Sendable {
    /// The arguments, in order.
    ///
    /// - Throws: When the value cannot be written as arguments the program would read back
    ///   unchanged.
    func launchArguments() throws -> [String]
}

/// Arguments passed through as they are: the program's own options.
///
/// ```swift
/// builder.add(argument: PlainLaunchArgument("--port", "8080"))
/// ```
public struct PlainLaunchArgument: LaunchArgument, Hashable {
    /// The arguments.
    public let arguments: [String]

    /// Creates arguments that are passed as they are.
    ///
    /// - Parameter arguments: The arguments, in order.
    public init(_ arguments: String...) {
        self.arguments = arguments
    }

    /// The arguments as they are.
    public func launchArguments() -> [String] {
        arguments
    }
}
