import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads one of a program's output pipes on a thread of its own until the pipe's end, handing
/// every chunk to the monitor.
///
/// A blocking read on a dedicated thread needs no run loop and loses nothing: the thread ends
/// when every process that holds the pipe's write end has closed it.
enum OutputReader {
    /// Starts a thread that drains `descriptor` into `monitor` as `stream`, then closes it.
    ///
    /// - Parameters:
    ///   - descriptor: The read end of the pipe; the thread owns it from now on.
    ///   - stream: Which stream the pipe carries.
    ///   - monitor: Where the bytes go.
    static func start(reading descriptor: Int32, as stream: ProgramMonitor.Stream, into monitor: ProgramMonitor) {
        let thread = Thread {
            var buffer = [UInt8](repeating: 0, count: 16_384)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count > 0 {
                    monitor.append(Array(buffer[..<count]), to: stream)
                } else if count < 0 && errno == EINTR {
                    continue
                } else {
                    break
                }
            }
            close(descriptor)
            monitor.close(stream)
        }
        thread.name = "RelayTesting output reader"
        thread.start()
    }
}
