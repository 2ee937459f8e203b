import BookshelfCore
import Foundation
import RelayTesting
import RelayTestingHTTP
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A process killed without warning in the middle of writes loses no book it acknowledged.
@Suite("A shelf killed mid-request")
struct CrashRecoveryTests {
    @Test("every acknowledged book survives SIGKILL and a restart", arguments: BookshelfFront.allCases)
    func acknowledgedWritesSurviveAKill(front: BookshelfFront) async throws {
        try await withTemporaryDirectory(prefix: "bookshelf-crash") { directory in
            let acknowledged = Acknowledged()
            try await Bookshelf.with(front, directory: directory) { shelf in
                let pid = shelf.program.processIdentifier
                // Once the server is gone, a request waits out its timeout (AsyncHTTPClient retries
                // the connection until then): a shorter one, so the test does not wait 30 s for it.
                let client = ProgramHTTPClient(port: shelf.port, timeout: .seconds(8))
                await withTaskGroup(of: Void.self) { group in
                    // Four writers post books as fast as the server answers, until it is gone.
                    for writer in 0..<4 {
                        group.addTask {
                            for number in 0..<500 {
                                let isbn = String(format: "97800000%01d%04d", writer, number)
                                let json =
                                    #"{"title":"Book \#(writer)-\#(number)","author":"A. Writer","isbn":"\#(isbn)"}"#
                                guard let answer = try? await client.post("books", json: json),
                                    answer.status == 201,
                                    let book = try? BookshelfJSON.decoder.decode(
                                        Book.self, from: Data(answer.body.utf8))
                                else { return }
                                acknowledged.ids.withLock { $0.append(book.id) }
                            }
                        }
                    }
                    // The killer waits for some acknowledged writes, then kills mid-stream.
                    group.addTask {
                        while acknowledged.ids.withLock({ $0.count }) < 40 {
                            await Task.yield()
                        }
                        kill(pid, SIGKILL)
                    }
                }
                let exit = try await shelf.program.waitForExit(timeout: .seconds(10))
                #expect(exit == .signalled(SIGKILL))
            }
            let ids = acknowledged.ids.withLock { $0 }
            #expect(ids.count >= 40)

            // Relaunched on the same file: every acknowledged book is there, and the store works.
            try await Bookshelf.with(front, directory: directory) { shelf async throws in
                let answer = try await shelf.client.get("books")
                #expect(answer.status == 200)
                let books = try BookshelfJSON.decoder.decode([Book].self, from: Data(answer.body.utf8))
                let stored = Set(books.map(\.id))
                #expect(Set(ids).isSubset(of: stored), "lost \(Set(ids).subtracting(stored).count) acknowledged books")
                let added = try await shelf.client.post(
                    "books", json: #"{"title":"After","author":"A. Writer","isbn":"9780000099999"}"#)
                #expect(added.status == 201)
            }
        }
    }
}

/// The IDs of the books the server acknowledged with 201, from several writers at once.
private final class Acknowledged: Sendable {
    let ids = Mutex<[String]>([])
}
