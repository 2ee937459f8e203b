#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A descriptor a launcher hands the program it starts, named by its number and by the file it is
/// open on: the control channel's socket and the wiring account's file. RelayTesting's launcher
/// describes what it hands over, Relay's parser in the program finds it in the environment, and
/// both read and write the value with the one codec here.
///
/// A number alone names nothing for long. A program may close what it inherited and open its own
/// files in its place (its database, a client's socket), and the system gives out the lowest free
/// number, so the same number comes back at once. So each descriptor carries the device and inode
/// of its file and what kind of file it is, and every operation on it (see
/// `InheritedDescriptor+Operations.swift`) checks them with `fstat` first and refuses, touching
/// nothing, when the number is open on something else now.
///
/// The environment carries it as `NUMBER:DEVICE:INODE`, then, for the channel, `:` and one more
/// field (its time limit). Device and inode travel as the unsigned decimal of their bit patterns:
/// `dev_t` is signed on Apple platforms, and its value is never converted with a trap.
///
/// ```swift
/// guard let handed = InheritedDescriptor(handing: file, as: 3, kind: .regularFile) else {
///     throw CannotHandOver()
/// }
/// environment["RELAY_WIRING_ACCOUNT"] = handed.encoded()  // "3:64768:1234"
/// ```
///
/// On Apple platforms a socket has no device (`NODEV`) and the kernel may report the same socket
/// with another inode at the next `fstat`: there a socket's device and inode both read as 0, and
/// for a socket the check is only that the number is still a socket.
package struct InheritedDescriptor: Sendable, Hashable {
    /// The kind of file a descriptor is handed over for; a number open on another kind is not it.
    package enum Kind: Sendable, Hashable {
        /// A socket: the control channel.
        case socket
        /// A regular file: the wiring account.
        case regularFile
    }

    /// The number the receiving process knows it by.
    package let number: Int32
    /// The device of its file, as the bit pattern of `st_dev`.
    package let device: UInt64
    /// The inode of its file, as the bit pattern of `st_ino`.
    package let inode: UInt64
    /// The kind of its file.
    package let kind: Kind

    /// A descriptor with a known identity.
    ///
    /// - Parameters:
    ///   - number: The number the receiving process knows it by.
    ///   - device: The device of its file.
    ///   - inode: The inode of its file.
    ///   - kind: The kind of its file.
    package init(number: Int32, device: UInt64, inode: UInt64, kind: Kind) {
        self.number = number
        self.device = device
        self.inode = inode
        self.kind = kind
    }

    /// Describes `descriptor`, which this process has open, as the process it is handed to will
    /// know it: as `number`, open on the file `descriptor` is open on now.
    ///
    /// - Parameters:
    ///   - descriptor: The descriptor in this process.
    ///   - number: The number the receiving process gets it as (the same for a descriptor of
    ///     one's own).
    ///   - kind: The kind of file it must be open on.
    /// - Returns: `nil` when `descriptor` is not open on a file of that kind (`errno` says why when
    ///   `fstat` failed).
    package init?(handing descriptor: Int32, as number: Int32, kind: Kind) {
        guard let (device, inode) = Self.identity(of: descriptor, kind: kind) else { return nil }
        self.init(number: number, device: device, inode: inode, kind: kind)
    }

    // MARK: - The codec

    /// The value that names the descriptor in the receiving process's environment:
    /// `NUMBER:DEVICE:INODE`, then `:EXTRA` when `extra` is given.
    ///
    /// - Parameter extra: One more field, for the receiver's use (the channel's time limit).
    /// - Returns: The value, which ``decode(_:as:)`` reads back.
    package func encoded(extra: String? = nil) -> String {
        "\(number):\(device):\(inode)" + (extra.map { ":\($0)" } ?? "")
    }

    /// The descriptor `value` names, as ``encoded(extra:)`` wrote it, and its extra field; not
    /// checked against what the process has open (see ``isIntact``).
    ///
    /// A number of 0, 1 or 2 is refused: the standard streams are never handed over this way.
    ///
    /// - Parameters:
    ///   - value: The environment's value.
    ///   - kind: The kind of file the receiver expects.
    /// - Returns: `nil` for a value that is not of that form.
    package static func decode(_ value: String, as kind: Kind) -> (descriptor: InheritedDescriptor, extra: String?)? {
        let fields = value.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
        guard fields.count >= 3, let number = Int32(fields[0]), number > 2, let device = UInt64(fields[1]),
            let inode = UInt64(fields[2])
        else { return nil }
        let descriptor = InheritedDescriptor(number: number, device: device, inode: inode, kind: kind)
        return (descriptor, fields.count == 4 ? String(fields[3]) : nil)
    }

    // MARK: - Identity

    /// Whether the number is still open on the file this describes: same kind, device and inode.
    package var isIntact: Bool {
        guard let (device, inode) = Self.identity(of: number, kind: kind) else { return false }
        return device == self.device && inode == self.inode
    }

    /// The device and inode `descriptor` is open on, by bit pattern, if it is open on a file of
    /// `kind`; on Apple platforms both are 0 for a socket (see the type's discussion).
    private static func identity(of descriptor: Int32, kind: Kind) -> (device: UInt64, inode: UInt64)? {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        switch kind {
        case .socket:
            guard (info.st_mode & S_IFMT) == S_IFSOCK else { return nil }
            #if canImport(Darwin)
            return (0, 0)
            #else
            break
            #endif
        case .regularFile:
            guard (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        }
        return (UInt64(truncatingIfNeeded: info.st_dev), UInt64(truncatingIfNeeded: info.st_ino))
    }
}
