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
    }

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
            guard ["v", "tcp", "secret", "connect", "calls"].contains(key) else {
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
        let tcp = try field("tcp")
        guard let colon = tcp.lastIndex(of: ":"), let port = UInt16(tcp[tcp.index(after: colon)...]), port > 0,
            Self.isIPv4Literal(tcp[..<colon])
        else {
            throw Invalid(description: "'tcp=\(tcp.prefix(60))' is not an IPv4 address and a port")
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
        address = .tcp(host: String(tcp[..<colon]), port: port)
        self.secret = secret
        connectMilliseconds = connect
        callMilliseconds = calls
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
        }
    }

    private static func isBase64URL(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
            || byte == 0x2D || byte == 0x5F
    }
}
