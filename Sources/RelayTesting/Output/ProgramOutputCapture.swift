import Relay

/// What the programs a test used wrote while it ran, kept so that a failing test can be shown it:
/// everything a program the test launched wrote, and of a program it only opened a session in, the
/// lines tagged with that session (``DependencySession/logMetadataKey``), so that with many tests
/// sharing one program each is shown its own lines and no other test's.
///
/// The test framework's glue binds one per test (RelayTestingSupport's
/// `.programOutputOnFailure` trait for Swift Testing, `withProgramOutputOnFailure` for XCTest).
/// Launching and opening a session note themselves in the capture bound to their task, when
/// there is one; nothing is kept otherwise.
package final class ProgramOutputCapture: Sendable {
    /// The capture of the test the current task runs for.
    @TaskLocal package static var current: ProgramOutputCapture?

    /// One program's output from a point on, or one session's lines in it.
    private struct Slice: Sendable {
        let program: LaunchedProgram
        let session: String?
        let start: LaunchedProgram.OutputMark
    }

    private let slices = LockedValue<[Slice]>([])

    /// A capture with nothing noted.
    package init() {}

    /// Notes `program`'s output: all of it since it started, or for `session`, the lines tagged
    /// with it from now on.
    func note(_ program: LaunchedProgram, session: String?) {
        let start = session == nil ? .start : program.outputMark
        let slice = Slice(program: program, session: session, start: start)
        slices.withLockedValue { $0.append(slice) }
    }

    /// A program's stream as the test is shown it.
    package struct Text: Sendable, Equatable {
        /// A name for it: `bookshelf standard error, session 1f…` .
        package let name: String
        /// The lines, cut to the size asked for at a line's start, the latest kept.
        package let text: String
    }

    /// What to show: each noted program's standard output and standard error that has lines,
    /// latest last, each cut to `maximumBytes`. A session in a program whose whole output is
    /// noted already is not shown twice.
    package func texts(maximumBytes: Int) -> [Text] {
        let slices = slices.withLockedValue { $0 }
        let whole = Set(slices.filter { $0.session == nil }.map { ObjectIdentifier($0.program) })
        var texts: [Text] = []
        for slice in slices where slice.session == nil || !whole.contains(ObjectIdentifier(slice.program)) {
            let output = slice.program.output(since: slice.start)
            for (stream, bytes) in [
                ("standard output", output.standardOutput), ("standard error", output.standardError),
            ] {
                let place = slice.session.map { ", session \($0)" } ?? ""
                guard
                    let text = Self.render(
                        String(decoding: bytes, as: UTF8.self), session: slice.session, maximumBytes: maximumBytes)
                else { continue }
                texts.append(Text(name: "\(slice.program.name) \(stream)\(place)", text: text))
            }
        }
        return texts
    }

    /// The lines of `output` to show (for a session, the lines tagged with it), the latest kept
    /// within `maximumBytes`; `nil` when there are none.
    package static func render(_ output: String, session: String?, maximumBytes: Int) -> String? {
        var lines = output.split(separator: "\n", omittingEmptySubsequences: true)
        var header: [String] = []
        if let session {
            let tag = "\(DependencySession.logMetadataKey)=\(session)"
            let all = lines.count
            lines = lines.filter { $0.contains(tag) }
            header.append("Lines tagged \(tag); \(all - lines.count) other lines of the same time are not shown.")
        }
        guard !lines.isEmpty else { return nil }
        var kept: [Substring] = []
        var size = 0
        for line in lines.reversed() {
            guard size + line.utf8.count + 1 <= maximumBytes else { break }
            kept.append(line)
            size += line.utf8.count + 1
        }
        if kept.count < lines.count {
            let cut = lines.dropLast(kept.count)
            let bytes = cut.reduce(0) { $0 + $1.utf8.count + 1 }
            header.append("… \(cut.count) earlier lines (\(bytes) bytes) cut.")
        }
        return (header + kept.reversed().map(String.init)).joined(separator: "\n") + "\n"
    }
}
