#if VaporSupport
import Synchronization
import Vapor

/// Passes a streamed body's writes on to Vapor's writer, and notices whether one of them ended the
/// stream (`.end` or `.error`), so that ``Vapor/Request/unitOfWorkStream(count:_:)`` can end it when
/// the route's closure did not.
///
/// Vapor requires every async stream to end with `.end` or `.error`: a writer released before
/// either stops a debug build on an assertion ("Response body stream writer deinitialized before
/// .end or .error was sent"), and a release build leaves the response unfinished.
final class EndWatchingBodyStreamWriter: AsyncBodyStreamWriter {
    private let base: any AsyncBodyStreamWriter

    /// Set once `.end` or `.error` has been passed on.
    private let hasEnded = Atomic(false)

    private init(_ base: any AsyncBodyStreamWriter) {
        self.base = base
    }

    func write(_ result: BodyStreamResult) async throws {
        switch result {
        case .end, .error:
            // Passed on, it ends the stream even when the write itself fails.
            hasEnded.store(true, ordering: .releasing)
        case .buffer:
            break
        }
        try await base.write(result)
    }

    func writeBuffer(_ buffer: ByteBuffer) async throws {
        try await base.writeBuffer(buffer)
    }

    /// Runs `write` on `writer`, then ends the stream as Vapor requires unless `write` did: with
    /// `.error` when `write` throws, with `.end` when it returns. A failure of that last write (the
    /// client has gone) is ignored: the stream has ended either way.
    ///
    /// - Parameters:
    ///   - write: The route's closure.
    ///   - writer: Vapor's writer.
    /// - Throws: What `write` threw, once the stream has ended.
    static func writeEnding(
        _ write: (any AsyncBodyStreamWriter) async throws -> Void,
        to writer: any AsyncBodyStreamWriter
    ) async throws {
        let watched = EndWatchingBodyStreamWriter(writer)
        do {
            try await write(watched)
        } catch {
            if !watched.hasEnded.load(ordering: .acquiring) {
                try? await writer.write(.error(error))
            }
            throw error
        }
        if !watched.hasEnded.load(ordering: .acquiring) {
            try? await writer.write(.end)
        }
    }
}
#endif
