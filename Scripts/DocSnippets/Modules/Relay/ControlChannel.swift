// What the snippets of the doc comments of Relay's control channel assume
// (Scripts/check-doc-snippets.py compiles each beside this file): the channel's parts are Relay's
// own internal types, seen as Relay's code sees them, through `@testable import`. Values are never
// read: the snippets are compiled, not run.
// snippets import: @testable Relay
@_spi(ControlChannel) @testable import Relay

var outbox: ControlOutbox { fatalError() }
/// A frame for the test: its bytes, length first.
var frame: [UInt8] { fatalError() }
/// Starts the thread that writes the outbox's frames.
func startWriter() {}
/// Writes one frame to the channel's socket, on the writer's thread.
func send(_ frame: [UInt8]) {}
/// Writes what the socket has room for now, without waiting; what is left, `nil` for nothing.
func writeWhatFits(_ frame: [UInt8]) -> [UInt8]? { fatalError() }
/// A message for the test.
var message: ControlMessage { fatalError() }
/// `message` as Foundation's `JSONEncoder` writes it.
func writtenByFoundation(_ message: ControlMessage) -> [UInt8] { fatalError() }
