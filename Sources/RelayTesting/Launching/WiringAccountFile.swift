import CRelayTestingSpawn
import Relay

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The file a launched program writes its wiring account to, shared with it by descriptor.
///
/// The launcher makes one per launch and hands it to the program as descriptor 3, naming it in
/// `RELAY_WIRING_ACCOUNT`. It has no name on disk (memory backed on Linux, unlinked at once
/// elsewhere), so a test that is killed leaves nothing behind. The program appends; the launcher
/// reads from the start with `pread`, which moves no offset the two share, whenever a test asks: a
/// read sees everything the program wrote before it.
final class WiringAccountFile: Sendable {
    /// The descriptor number the program receives the file as.
    static let programDescriptor: Int32 = 3

    /// The launcher's own descriptor for the file (close-on-exec).
    let descriptor: Int32

    /// The value of `RELAY_WIRING_ACCOUNT` that names the file to the program:
    /// `3:DEVICE:INODE` (Relay's `InheritedDescriptor`), so that a descriptor 3 of another file is
    /// never mistaken for it.
    let environmentValue: String

    /// Creates an empty file.
    ///
    /// - Throws: ``SpawnError`` when the system cannot make one.
    init() throws(SpawnError) {
        let descriptor = relay_anonymous_file()
        guard descriptor >= 0,
            let handed = InheritedDescriptor(handing: descriptor, as: Self.programDescriptor, kind: .regularFile)
        else {
            let code = errno
            if descriptor >= 0 { close(descriptor) }
            throw SpawnError(step: RELAY_SPAWN_STEP_PREPARE, code: code, executable: "", workingDirectory: nil)
        }
        self.descriptor = descriptor
        self.environmentValue = handed.encoded()
    }

    deinit {
        close(descriptor)
    }

    /// Everything the program has written so far.
    func contents() -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let offset = off_t(bytes.count)
            let count = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, offset) }
            if count > 0 {
                bytes += chunk[..<count]
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return bytes
            }
        }
    }

    /// The account in what the program has written so far.
    ///
    /// - Returns: The account, or `nil` when the program has not reported its injection yet.
    /// - Throws: `DecodingError` when the file holds something other than records.
    func account() throws -> WiringAccount? {
        try WiringAccount.reading(contents())
    }
}
