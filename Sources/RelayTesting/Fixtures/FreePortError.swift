#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// No free TCP port could be had: the address is malformed, or a socket call failed.
///
/// ```swift
/// do { _ = try FreePort.next(host: "localhost") }
/// catch let error as FreePortError { print(error) }   // 'localhost' is not an IPv4 address
/// ```
public struct FreePortError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, in one sentence.
    public let message: String

    /// Creates the error.
    ///
    /// - Parameter message: What went wrong, in one sentence.
    public init(message: String) {
        self.message = message
    }

    init(call: String, host: String) {
        self.init(message: "\(call) failed for \(host): \(String(cString: strerror(errno)))")
    }

    /// The message.
    public var description: String { message }
}
