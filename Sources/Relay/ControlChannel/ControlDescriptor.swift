#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The channel's socket, as both sides use it: whole frames written, chunks read, and the check
/// that a descriptor named in the environment is still the launcher's socket.
@_spi(ControlChannel)
public struct ControlDescriptor: Sendable {
    /// The descriptor.
    public let descriptor: Int32

    /// Wraps a descriptor.
    public init(_ descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// The device and inode the descriptor is open on, when it is a socket.
    ///
    /// On Apple platforms a socket has no device (`NODEV`, -1 in a signed `dev_t`: read by bit
    /// pattern, never converted) and the kernel may give the same socket another inode at the next
    /// `fstat`: there both read as 0, and the check is that the descriptor is a socket at all.
    public var socketIdentity: (device: UInt64, inode: UInt64)? {
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFSOCK else { return nil }
        #if canImport(Darwin)
        return (0, 0)
        #else
        return (UInt64(truncatingIfNeeded: info.st_dev), UInt64(truncatingIfNeeded: info.st_ino))
        #endif
    }

    /// Writes every byte, however the kernel splits the write.
    ///
    /// - Returns: `false` when the other side is gone (or writing failed otherwise).
    public func writeAll(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Self.send(descriptor, base + offset, buffer.count - offset)
            }
            if count > 0 {
                offset += count
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return false
            }
        }
        return true
    }

    /// Reads what is there, blocking until something is.
    ///
    /// - Returns: The bytes read; empty when the other side closed the channel or reading failed.
    public func readSome(into buffer: inout [UInt8]) -> ArraySlice<UInt8> {
        while true {
            let count = buffer.withUnsafeMutableBytes { bytes -> Int in
                guard let base = bytes.baseAddress else { return 0 }
                return Self.receive(descriptor, base, bytes.count)
            }
            if count > 0 { return buffer[0..<count] }
            if count < 0 && errno == EINTR { continue }
            return []
        }
    }

    /// Makes writing to a channel whose other side is gone fail with `EPIPE` instead of raising
    /// `SIGPIPE`, which would end the process: Linux asks per write (`MSG_NOSIGNAL`), Apple
    /// platforms per socket.
    public func preventsBrokenPipeSignal() {
        #if canImport(Darwin)
        var on: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// Ends both directions, waking a thread blocked in ``readSome(into:)`` on either side.
    public func shutDown() {
        _ = shutdown(descriptor, Int32(SHUT_RDWR))
    }

    private static func send(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        // No SIGPIPE when the other side is gone: the write fails with EPIPE instead.
        #if canImport(Darwin)
        Darwin.write(descriptor, bytes, count)
        #elseif canImport(Musl)
        Musl.send(descriptor, bytes, count, Int32(MSG_NOSIGNAL))
        #else
        Glibc.send(descriptor, bytes, count, Int32(MSG_NOSIGNAL))
        #endif
    }

    private static func receive(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(descriptor, bytes, count)
        #elseif canImport(Musl)
        Musl.read(descriptor, bytes, count)
        #else
        Darwin.read(descriptor, bytes, count)
        #endif
    }
}
