import Testing

@testable import RelayTesting

/// The commands a test has sent a launched program (`ProgramCommands`), driven directly: each
/// waiter comes back exactly once (done, silent, unwritten, or failed by the channel's end), and
/// once the channel has ended nothing more is registered; an outcome for a command that has ended,
/// or that the program made up, finds nothing.
@Suite("A program's commands, event by event")
struct ProgramCommandsTests {
    typealias Commands = ProgramCommands<String>

    @Test("commands are numbered in order and end once, whichever way")
    func openCommands() {
        var commands = Commands()
        let first = commands.register("first")
        let second = commands.register("second")
        let third = commands.register("third")
        #expect([first, second, third] == [1, 2, 3])
        #expect(commands.finish(2) == "second")
        #expect(commands.finish(2) == nil)
        #expect(commands.finish(99) == nil)
        #expect(Set(commands.end()) == ["first", "third"])
        #expect(commands.finish(1) == nil)
    }

    @Test("once the channel has ended, a command is refused, and nothing waits")
    func endedChannel() {
        var commands = Commands()
        #expect(commands.end().isEmpty)
        #expect(commands.register("late") == nil)
        #expect(commands.finish(1) == nil)
        #expect(commands.end().isEmpty)
        guard case .ended = commands else {
            Issue.record("an ended channel reopened: \(commands)")
            return
        }
    }

    @Test("identifiers keep counting after commands end")
    func identifiersKeepCounting() {
        var commands = Commands()
        let first = commands.register("first")
        #expect(first.flatMap { commands.finish($0) } == "first")
        let second = commands.register("second")
        #expect(second == 2)
    }
}
