import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A client on loopback that talks to a program over a raw TCP socket and then *resets* the
/// connection (`SO_LINGER` 0, then `close`): the program sees `ECONNRESET`, as from a client that
/// crashed or a proxy that gave up, not the orderly end of a connection.
///
/// Every call is bounded: connecting to loopback is immediate, and reads and writes time out after
/// ``ioTimeout``. The calls block, so run them off the cooperative pool
/// (``ResettingClient/run(clients:each:)``).
///
/// ```swift
/// let client = ResettingClient(port: port)
/// try client.sendThenReset(.get("/books"))                           // reset right after sending
/// try client.sendThenReset(.get("/books/export"), readingAtLeast: 1) // reset after the first byte
/// ```
struct ResettingClient: Sendable {
    /// The program's port on 127.0.0.1.
    let port: Int

    /// The socket's receive buffer, when it should be small (so that a long body cannot all be
    /// written before the reset); the system's default when `nil`.
    var receiveBufferSize: Int32?

    /// How long one read or write may block.
    static let ioTimeout = timeval(tv_sec: 5, tv_usec: 0)

    /// Connects and sends `request`, and leaves the connection open.
    ///
    /// - Returns: The connection, to read from and to reset.
    /// - Throws: ``SocketFailure`` when a call fails (the program is not listening, say).
    func connection(sending request: RawRequest) throws -> RawConnection {
        let descriptor = try Self.check("socket", socket(AF_INET, Self.streamType, 0))
        let connection = RawConnection(descriptor: descriptor)
        do {
            try Self.set(SO_RCVTIMEO, to: Self.ioTimeout, on: descriptor)
            try Self.set(SO_SNDTIMEO, to: Self.ioTimeout, on: descriptor)
            if let receiveBufferSize {
                try Self.set(SO_RCVBUF, to: receiveBufferSize, on: descriptor)
            }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = in_addr_t(INADDR_LOOPBACK).bigEndian
            _ = try withUnsafePointer(to: &address) { pointer in
                try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                    try Self.check("connect", connect(descriptor, address, socklen_t(MemoryLayout<sockaddr_in>.size)))
                }
            }
            let data = request.bytes
            var sent = 0
            while sent < data.count {
                sent += try data[sent...].withUnsafeBytes { buffer in
                    try Self.check("send", send(descriptor, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL)))
                }
            }
        } catch {
            connection.reset()
            throw error
        }
        return connection
    }

    /// Connects, sends `request`, reads until at least `bytes` bytes have arrived (none by default;
    /// fewer if the program closes first), then resets the connection.
    ///
    /// - Returns: How many bytes were read.
    /// - Throws: ``SocketFailure`` when a call fails (a read that times out, say).
    @discardableResult
    func sendThenReset(_ request: RawRequest, readingAtLeast bytes: Int = 0) throws -> Int {
        let connection = try connection(sending: request)
        defer { connection.reset() }
        return try connection.read(atLeast: bytes)
    }

    /// Runs `clients` clients, a few at a time, each on a thread of its own (their calls block):
    /// `each` is handed the client's number.
    ///
    /// - Throws: The first failure of any client.
    static func run(
        clients: Int, concurrently threads: Int = 4, each: @escaping @Sendable (Int) throws -> Void
    ) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for thread in 0..<threads {
                group.addTask {
                    try await onThread {
                        for client in stride(from: thread, to: clients, by: threads) {
                            try each(client)
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    // MARK: - Sockets

    /// Sets a socket option.
    private static func set<Value: BitwiseCopyable>(_ option: Int32, to value: Value, on socket: Int32) throws {
        _ = try withUnsafeBytes(of: value) { bytes in
            try check("setsockopt", setsockopt(socket, SOL_SOCKET, option, bytes.baseAddress, socklen_t(bytes.count)))
        }
    }

    #if canImport(Glibc)
    static let streamType = Int32(SOCK_STREAM.rawValue)
    #else
    static let streamType = SOCK_STREAM
    #endif

    /// `result`, unless it is -1: then the call's `errno` as an error.
    static func check<Result: BinaryInteger>(_ call: String, _ result: Result) throws -> Result {
        guard result == -1 else { return result }
        throw SocketFailure(call: call, code: errno)
    }
}

/// A connection a ``ResettingClient`` opened: read from it, then reset it (once).
struct RawConnection: Sendable {
    let descriptor: Int32

    /// Reads until at least `bytes` bytes have arrived, or the program closes the connection.
    ///
    /// - Returns: How many bytes were read.
    /// - Throws: ``SocketFailure`` when a read fails or times out.
    func read(atLeast bytes: Int) throws -> Int {
        var read = 0
        var buffer = [UInt8](repeating: 0, count: 512)
        while read < bytes {
            let count = try ResettingClient.check("recv", recv(descriptor, &buffer, buffer.count, 0))
            if count == 0 { break }  // The program closed the connection first.
            read += count
        }
        return read
    }

    /// Resets and closes the connection: with a linger time of zero, `close` sends RST, not FIN.
    func reset() {
        var noLinger = linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &noLinger, socklen_t(MemoryLayout<linger>.size))
        close(descriptor)
    }
}

/// An HTTP/1.1 request, as bytes on the wire.
struct RawRequest: Sendable {
    let bytes: [UInt8]

    /// `GET path`.
    static func get(_ path: String) -> Self {
        Self(bytes: Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
    }

    /// `POST path` with a JSON body.
    static func post(_ path: String, json: String) -> Self {
        let body = Array(json.utf8)
        let head =
            "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + "Content-Length: \(body.count)\r\n\r\n"
        return Self(bytes: Array(head.utf8) + body)
    }
}

/// A socket call that failed.
struct SocketFailure: Error, CustomStringConvertible {
    let call: String
    let code: Int32

    var description: String { "\(call) failed: \(String(cString: strerror(code))) (errno \(code))" }
}

/// Runs `body` on a thread of its own, for blocking calls that must not hold one of the
/// cooperative pool's few threads.
func onThread<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread {
            continuation.resume(with: Result { try body() })
        }
    }
}
