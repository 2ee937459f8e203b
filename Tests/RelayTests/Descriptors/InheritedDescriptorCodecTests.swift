import Relay
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one codec of `NUMBER:DEVICE:INODE[:EXTRA]`, which the launcher writes and the program reads.
@Suite("Naming an inherited descriptor")
struct InheritedDescriptorCodecTests {
    @Test("a value round-trips, device and inode by bit pattern, with and without its extra field")
    func roundTrip() throws {
        let descriptor = InheritedDescriptor(number: 4, device: .max, inode: 1 << 63, kind: .socket)
        #expect(descriptor.encoded() == "4:18446744073709551615:9223372036854775808")
        #expect(descriptor.encoded(extra: "1500") == "4:18446744073709551615:9223372036854775808:1500")

        let plain = try #require(InheritedDescriptor.decode(descriptor.encoded(), as: .socket))
        #expect(plain.descriptor == descriptor)
        #expect(plain.extra == nil)
        let extended = try #require(InheritedDescriptor.decode(descriptor.encoded(extra: "1500"), as: .socket))
        #expect(extended.descriptor == descriptor)
        #expect(extended.extra == "1500")
    }

    @Test("a negative device (a signed dev_t such as NODEV) is carried by its bit pattern, without a trap")
    func negativeDevice() {
        let device = UInt64(truncatingIfNeeded: Int32(-1))
        let descriptor = InheritedDescriptor(number: 3, device: device, inode: 7, kind: .regularFile)
        #expect(descriptor.encoded() == "3:18446744073709551615:7")
        #expect(InheritedDescriptor.decode("3:18446744073709551615:7", as: .regularFile)?.descriptor == descriptor)
    }

    @Test(
        "a value that does not name a descriptor is refused",
        arguments: [
            "", "junk", "3", "3:1", "3::1", ":1:1", "x:1:1", "3:-1:1", "3:1:-1", "2:1:1", "0:1:1", "-3:1:1",
            "3:18446744073709551616:1", "99999999999:1:1", " 3:1:1",
        ])
    func refused(value: String) {
        #expect(InheritedDescriptor.decode(value, as: .socket) == nil)
    }

    @Test("a descriptor open on its file is intact; on another file, or closed, it is not")
    func identity() throws {
        var pair: [Int32] = [-1, -1]
        #if canImport(Glibc)
        let type = Int32(SOCK_STREAM.rawValue)
        #else
        let type = SOCK_STREAM
        #endif
        try #require(socketpair(AF_UNIX, type, 0, &pair) == 0)
        defer { close(pair[1]) }
        let handed = try #require(InheritedDescriptor(handing: pair[0], as: pair[0], kind: .socket))
        #expect(handed.isIntact)
        #expect(InheritedDescriptor(handing: pair[0], as: pair[0], kind: .regularFile) == nil)

        // The number now names the pair's other socket: another inode (on Apple platforms, where a
        // socket has no stable inode, only its kind is checked).
        try #require(dup2(pair[1], pair[0]) == pair[0])
        #if !canImport(Darwin)
        #expect(!handed.isIntact)
        #endif
        close(pair[0])
        #expect(!handed.isIntact)
        #expect(handed.write(Array("lost".utf8), within: .seconds(1)) == .replaced)
        #expect(!handed.shutDown())
    }
}
