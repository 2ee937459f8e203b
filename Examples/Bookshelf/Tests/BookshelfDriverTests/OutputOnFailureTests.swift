import BookshelfStubs
import Relay
import RelayIntegrationTestSupport
import RelayTesting
import RelayTestingHTTP
import RelayTestingSupport
import Testing

/// What a failing test is shown of a program many tests share: the `.programOutputOnFailure`
/// trait around each of 20 tests that run at once, each in its own session of the one program; one
/// of them fails. The trait is driven directly, as Swift Testing drives it around a test, and the
/// failure is dropped once the trait has seen it, so this suite passes.
@Suite(
    "A failing test is shown its own lines of a shared program", .sharedProgram(SharedShelf.hummingbird),
    .sharedProgram(SharedShelf.vapor))
struct OutputOnFailureTests {
    @Test(
        "with 20 sessions at once, the failing one is shown its session's lines and no other's",
        arguments: BookshelfFront.allCases)
    func twentySessions(front: BookshelfFront) async throws {
        let test = try #require(Test.current)
        let names = Recording<(index: Int, session: String)>()
        let shown = Recording<(index: Int, text: String)>()
        let failing = 7
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<20 {
                group.addTask {
                    let trait: ProgramOutputTrait = .programOutputOnFailure([]) { _, text in
                        shown.append((index, text))
                    }
                    let dropIssues: IssueHandlingTrait = .compactMapIssues { _ in nil }
                    try await dropIssues.provideScope(for: test, testCase: nil) {
                        try await trait.provideScope(for: test, testCase: nil) {
                            try await SharedShelf.program(front).withSession([
                                .init(type: .catalogClient, factory: .stubCatalog)
                            ]) { session, shelf in
                                names.append((index, session.name))
                                let answer = try await shelf.client.in(session).post(
                                    "books/import", json: #"{"isbns":["9780441478125"]}"#)
                                #expect(answer.status == 201, "\(answer.body)")
                                if index == failing { Issue.record("test \(index) fails on purpose") }
                            }
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        let sessions = Dictionary(uniqueKeysWithValues: names.all.map { ($0.index, $0.session) })
        #expect(sessions.count == 20)
        let texts = shown.all
        #expect(Set(texts.map(\.index)) == [failing], "only the failing test is shown anything")
        let mine = try #require(sessions[failing])
        let lines = texts.map(\.text).joined().split(separator: "\n")
        // A header, then the request's lines: each tagged with the failing test's session.
        let tagged = lines.filter { $0.contains("\(DependencySession.logMetadataKey)=") }
        #expect(tagged.count >= 2, "the request logs when it opens and ends:\n\(lines.joined(separator: "\n"))")
        #expect(tagged.allSatisfy { $0.contains("\(DependencySession.logMetadataKey)=\(mine)") })
        for (index, name) in sessions where index != failing {
            #expect(!lines.contains { $0.contains(name) }, "test \(index)'s session \(name) is not shown")
        }
    }
}
