import Foundation
import Testing

@_spi(ControlChannel) @testable import Relay

/// The hand-written form of calls and answers is the protocol's JSON: Foundation's decoder reads
/// every frame it writes as the same message, it reads back what it writes, and anything not in
/// exactly its form (Foundation's own output, another client's) is left to Foundation.
@Suite("Calls and answers written and read by hand")
struct ControlFrameShortcutTests {
    /// Strings that need every kind of escape, and some that need none.
    static let strings: [String] = [
        "", "catalogClient", #"{"isbn":"9780441013593","title":"Dune"}"#, #"quote " and backslash \ and slash /"#,
        "line\nfeed, return\r, tab\t, bell \u{07}, nul \u{00}, unit separator \u{1F}, delete \u{7F}",
        "naïve café, 東京, emoji 🦉 and a flag 🇫🇷", "\u{2028}\u{2029}", "\\u0041 stays text",
    ]

    static var messages: [ControlMessage] {
        var messages: [ControlMessage] = []
        for (index, text) in strings.enumerated() {
            let id: UInt64 = [0, 1, 42, UInt64.max][index % 4]
            messages.append(.answer(id: id, value: text))
            messages.append(.call(id: id, call: StubCall(typeKey: text, name: "entry", argument: text)))
            let spiedInSession = StubCall(
                typeKey: "catalog", name: text, argument: "null", session: text, isSpied: true)
            messages.append(.call(id: id, call: spiedInSession))
            let inSession = StubCall(typeKey: "catalog", name: "entry", argument: text, session: "s")
            messages.append(.call(id: id, call: inSession))
            messages.append(
                .call(id: id, call: StubCall(typeKey: "catalog", name: "entry", argument: text, isSpied: true)))
        }
        return messages
    }

    @Test("every call and answer written by hand is read by Foundation and by hand as the same message")
    func agreesWithFoundation() throws {
        for message in Self.messages {
            let body = try #require(ControlFrameShortcut.body(of: message))
            #expect(try JSONDecoder().decode(ControlMessage.self, from: Data(body)) == message, "\(message)")
            #expect(ControlFrameShortcut.message(in: body[...]) == message, "\(message)")
        }
    }

    @Test("what Foundation writes reads the same, by hand where the form matches, else through Foundation")
    func readsFoundationsFrames() throws {
        var reader = ControlFrame.Reader()
        for message in Self.messages {
            let body = Array(try JSONEncoder().encode(message))
            if let read = ControlFrameShortcut.message(in: body[...]) { #expect(read == message) }
            let length = UInt32(body.count)
            let prefix = [
                UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF),
            ]
            reader.append(prefix + body)
            #expect(try reader.next() == message)
        }
    }

    @Test("other messages are not written by hand")
    func onlyCallsAndAnswers() {
        #expect(ControlFrameShortcut.body(of: .pass(id: 1)) == nil)
        #expect(ControlFrameShortcut.body(of: .welcome(version: 1)) == nil)
        #expect(ControlFrameShortcut.body(of: .commandDone(id: 1, refusal: nil)) == nil)
    }

    @Test(
        "a body not in exactly the form is left to Foundation, which reads or refuses it",
        arguments: [
            #"{"answer": {"id": 1, "value": "x"}}"#,  // spacing
            #"{"answer":{"value":"x","id":1}}"#,  // key order
            #"{"answer":{"id":01,"value":"x"}}"#,  // a leading zero
            #"{"answer":{"id":18446744073709551616,"value":"x"}}"#,  // past UInt64
            #"{"answer":{"id":1,"value":"x"}} "#,  // trailing space
            #"{"answer":{"id":1,"value":"\q"}}"#,  // no such escape
            #"{"answer":{"id":1,"value":"\ud800"}}"#,  // half a surrogate pair
            "{\"answer\":{\"id\":1,\"value\":\"raw\ttab\"}}",  // a raw control character
            #"{"call":{"id":1,"call":{"typeKey":"a","name":"b","argument":"c","spied":false}}}"#,
            #"{"answer":{"id":1,"value":"x""#,  // cut short
        ])
    func strict(_ text: String) {
        #expect(ControlFrameShortcut.message(in: Array(text.utf8)[...]) == nil)
    }

    @Test("escapes Foundation may write are read: a slash, \\b, \\f, \\u with either case, a surrogate pair")
    func escapes() {
        let body = #"{"answer":{"id":7,"value":"a\/b\b\f\u00e9\u00C9\ud83e\udd89"}}"#
        #expect(ControlFrameShortcut.message(in: Array(body.utf8)[...]) == .answer(id: 7, value: "a/b\u{08}\u{0C}éÉ🦉"))
    }
}
