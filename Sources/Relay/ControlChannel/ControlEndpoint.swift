/// Where a program connects to reach the test that started it, when the test did not spawn it
/// (issue 42): named in ``environmentVariable`` as `;`-separated `key=value` pairs.
///
/// ```text
/// v=1;tcp=127.0.0.1:41873;secret=<43 base64url characters>;connect=5000;calls=10000
/// ```
///
/// The one codec for both sides, as ``InheritedDescriptor`` is for handed-over descriptors. A host
/// is an IP literal, never a name: a lookup could outlast the deadline.
@_spi(ControlChannel)
public struct ControlEndpoint: Sendable, Hashable {
    /// The variable a test sets for a program it does not spawn.
    public static let environmentVariable = "RELAY_CONTROL_ENDPOINT"

    /// The longest value read: anything longer is refused unread.
    public static let maximumLength = 1_024

    /// Where the test listens.
    public enum Address: Sendable, Hashable {
        /// An IPv4 literal and a port.
        case tcp(host: String, port: UInt16)
        /// The absolute path of a Unix stream socket, for a test and a program that share a file
        /// system: at most ``maximumUnixPathLength`` bytes, with no `;`.
        case unix(path: String)
    }

    /// The longest Unix socket path an endpoint names: what `sockaddr_un` holds on every platform,
    /// with its terminating zero.
    public static let maximumUnixPathLength = 103

    /// The lowest protocol version the test speaks.
    public let version: Int
    /// Where the test listens.
    public let address: Address
    /// The one-time secret the program proves it was given.
    public let secret: String
    /// How long connecting and the handshake may take, in milliseconds.
    public let connectMilliseconds: Int
    /// How long a stub's call waits for its answer, in milliseconds.
    public let callMilliseconds: Int

    /// Why a value names no endpoint.
    public struct Invalid: Error, Sendable, Equatable, CustomStringConvertible {
        /// What was wrong, quoting the offending field.
        public let description: String
    }

    /// Creates an endpoint.
    public init(address: Address, secret: String, connectMilliseconds: Int = 5_000, callMilliseconds: Int = 10_000) {
        version = 1
        self.address = address
        self.secret = secret
        self.connectMilliseconds = connectMilliseconds
        self.callMilliseconds = callMilliseconds
    }

    /// The value of ``environmentVariable``.
    public var encoded: String {
        let place: String
        switch address {
        case .tcp(let host, let port): place = "tcp=\(host):\(port)"
        case .unix(let path): place = "unix=\(path)"
        }
        return "v=\(version);\(place);secret=\(secret);connect=\(connectMilliseconds);calls=\(callMilliseconds)"
    }

    /// Reads a value as ``encoded`` writes it.
    ///
    /// - Throws: ``Invalid`` naming the field that is missing, unknown, repeated or malformed.
    public init(parsing value: String) throws(Invalid) {
        guard value.utf8.count <= Self.maximumLength else {
            throw Invalid(description: "the value is longer than \(Self.maximumLength) bytes")
        }
        var fields: [String: String] = [:]
        for pair in value.split(separator: ";", omittingEmptySubsequences: false) {
            guard let equals = pair.firstIndex(of: "=") else {
                throw Invalid(description: "'\(pair.prefix(40))' is not key=value")
            }
            let key = String(pair[..<equals])
            guard ["v", "tcp", "unix", "secret", "connect", "calls"].contains(key) else {
                throw Invalid(description: "'\(key.prefix(40))' is not a field of an endpoint")
            }
            guard fields[key] == nil else { throw Invalid(description: "'\(key)' is given twice") }
            fields[key] = String(pair[pair.index(after: equals)...])
        }
        func field(_ key: String) throws(Invalid) -> String {
            guard let value = fields[key] else { throw Invalid(description: "'\(key)' is missing") }
            return value
        }
        guard let version = Int(try field("v")), version >= 1 else {
            throw Invalid(description: "'v' is not a protocol version")
        }
        let address: Address
        switch (fields["tcp"], fields["unix"]) {
        case (let tcp?, nil):
            guard let colon = tcp.lastIndex(of: ":"), let port = UInt16(tcp[tcp.index(after: colon)...]), port > 0,
                Self.isIPv4Literal(tcp[..<colon])
            else {
                throw Invalid(description: "'tcp=\(tcp.prefix(60))' is not an IPv4 address and a port")
            }
            address = .tcp(host: String(tcp[..<colon]), port: port)
        case (nil, let path?):
            guard path.hasPrefix("/"), path.utf8.count <= Self.maximumUnixPathLength, !path.utf8.contains(0) else {
                throw Invalid(
                    description: "'unix=\(path.prefix(60))' is not an absolute path of at most "
                        + "\(Self.maximumUnixPathLength) bytes")
            }
            address = .unix(path: path)
        case (nil, nil):
            throw Invalid(description: "'tcp' or 'unix' is missing")
        case (_?, _?):
            throw Invalid(description: "both 'tcp' and 'unix' are given: an endpoint has one address")
        }
        let secret = try field("secret")
        guard secret.utf8.count == 43, secret.utf8.allSatisfy(Self.isBase64URL) else {
            throw Invalid(description: "'secret' is not 43 base64url characters")
        }
        guard let connect = Int(try field("connect")), (1...30_000).contains(connect) else {
            throw Invalid(description: "'connect' is not a number of milliseconds from 1 to 30000")
        }
        guard let calls = Int(try field("calls")), calls > 0 else {
            throw Invalid(description: "'calls' is not a number of milliseconds")
        }
        self.version = version
        self.address = address
        self.secret = secret
        connectMilliseconds = connect
        callMilliseconds = calls
    }

    /// Why the test refuses a connection whose first frame is `first` (`nil`: none arrived, or it
    /// was not a message within the handshake's limit); `nil` to welcome it. The one statement of
    /// what a hello must prove, for RelayTesting's endpoint and the fuzzer.
    ///
    /// - Parameters:
    ///   - first: The connection's first message.
    ///   - isSpent: Whether a program has proved the secret already.
    /// - Returns: The refusal's code and reason, as the `refused` message carries them.
    public func refusal(ofFirst first: ControlMessage?, isSpent: Bool) -> (code: String, reason: String)? {
        guard case .hello(let versions, let secret, _, _) = first else {
            return ("malformedHello", "the first frame is not a hello")
        }
        guard Self.constantTimeEqual(secret, self.secret) else {
            return ("unknownSecret", "the secret is not this endpoint's")
        }
        guard versions.contains(version) else {
            return ("versionUnsupported", "the test speaks version \(version)")
        }
        guard !isSpent else { return ("secretUsed", "this secret was used already") }
        return nil
    }

    /// Why the program ends a connection whose answer to its hello is `reply`; `nil` for a
    /// welcome at a version it speaks. The one statement of what the program takes as an answer,
    /// for the connector and the fuzzer.
    ///
    /// - Parameters:
    ///   - reply: The test's first message.
    ///   - versions: The versions the program speaks.
    /// - Returns: What the program says on standard error, or `nil`.
    public static func failure(ofReply reply: ControlMessage, speaking versions: [Int]) -> String? {
        switch reply {
        case .welcome(let version) where versions.contains(version):
            return nil
        case .welcome(let version):
            return "the test welcomed the program at version \(version); it speaks \(versions)"
        case .refused(let code, let reason):
            return
                "the test refused the connection (\(String(code.prefix(40)).echoed)): \(String(reason.prefix(200)).echoed)"
        default:
            return "the test answered the hello with another message"
        }
    }

    /// Compares every byte, whatever the first difference, so the time taken tells nothing of
    /// where a guess went wrong.
    static func constantTimeEqual(_ given: String, _ expected: String) -> Bool {
        let a = Array(given.utf8)
        let b = Array(expected.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }

    /// Whether `host` is written as four decimal bytes.
    static func isIPv4Literal(_ host: Substring) -> Bool {
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in part.count <= 3 && UInt8(part) != nil && part.allSatisfy(\.isASCII) }
    }

    /// Whether the host is on this machine: 127.0.0.0/8.
    public var isLoopback: Bool {
        switch address {
        case .tcp(let host, _): host.hasPrefix("127.")
        // A socket in the file system is reached on this machine only.
        case .unix: true
        }
    }

    private static func isBase64URL(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
            || byte == 0x2D || byte == 0x5F
    }
}
