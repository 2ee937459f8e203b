#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The few socket calls the launcher needs: bind to a port the system picks, and try to connect.
enum LoopbackSocket {
    /// Binds a TCP socket to `host`:0, reads the port the system chose, and closes the socket.
    ///
    /// - Parameter host: An IPv4 address in dotted form.
    /// - Returns: The port, or a description of the failing call.
    static func unusedPort(host: String) -> Result<Int, FreePortError> {
        guard var address = socketAddress(host: host, port: 0) else {
            return .failure(FreePortError(message: "'\(host)' is not an IPv4 address"))
        }
        let descriptor = socket(AF_INET, streamType, 0)
        guard descriptor >= 0 else { return .failure(FreePortError(call: "socket", host: host)) }
        defer { close(descriptor) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else { return .failure(FreePortError(call: "bind", host: host)) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else { return .failure(FreePortError(call: "getsockname", host: host)) }
        return .success(Int(UInt16(bigEndian: address.sin_port)))
    }

    /// Whether a TCP connection to `host`:`port` succeeds now. The connection is closed at once.
    static func acceptsConnections(host: String, port: Int) -> Bool {
        guard var address = socketAddress(host: host, port: port) else { return false }
        let descriptor = socket(AF_INET, streamType, 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        return connected == 0
    }

    private static var streamType: Int32 {
        #if canImport(Glibc)
        Int32(SOCK_STREAM.rawValue)
        #else
        SOCK_STREAM
        #endif
    }

    private static func socketAddress(host: String, port: Int) -> sockaddr_in? {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(truncatingIfNeeded: port).bigEndian
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { return nil }
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        return address
    }
}
