@_spi(ControlChannel) import Relay
import Testing

@Suite("The control channel's framing")
struct ControlFrameTests {
    static let messages: [ControlMessage] = [
        .call(id: 1, call: StubCall(typeKey: "catalogClient", name: "entry", argument: #""9780441013593""#)),
        .answer(id: 1, value: #"{"isbn":"9780441013593","title":"Dune"}"#),
        .failure(
            id: 2,
            error: StubCallError(
                .thrownByTest, call: StubCall(typeKey: "clock", name: "now", argument: "null"), detail: "stopped",
                thrownType: "ClockStopped", thrownValue: "{}")),
        .commandDone(id: 3, refusal: nil),
        .commandDone(id: 4, refusal: "nothing reads sessions", code: .noSessionReader),
    ]

    @Test("messages read back the same however the reads split the stream")
    func splitAnywhere() throws {
        let stream = try Self.messages.flatMap { try ControlFrame.bytes(of: $0) }
        for chunkSize in [1, 2, 3, 5, 7, 64, stream.count] {
            var reader = ControlFrame.Reader()
            var read: [ControlMessage] = []
            var offset = 0
            while offset < stream.count {
                reader.append(stream[offset..<min(offset + chunkSize, stream.count)])
                offset += chunkSize
                while let message = try reader.next() { read.append(message) }
            }
            #expect(read == Self.messages, "chunks of \(chunkSize)")
        }
    }

    @Test("a length over the limit is refused before its body is awaited")
    func tooLong() {
        var reader = ControlFrame.Reader()
        reader.append([0x7F, 0xFF, 0xFF, 0xFF])
        #expect(throws: ControlFrame.Malformed.self) { try reader.next() }
        var limit = ControlFrame.Reader()
        let length = UInt32(ControlFrame.maximumLength + 1)
        limit.append([UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)])
        let error = #expect(throws: ControlFrame.Malformed.self) { try limit.next() }
        #expect(
            error?.description
                == "a frame of \(ControlFrame.maximumLength + 1) bytes; at most \(ControlFrame.maximumLength)")
    }

    @Test("a body that is not a message is refused with why")
    func notAMessage() {
        var reader = ControlFrame.Reader()
        reader.append([0, 0, 0, 4] + Array("junk".utf8))
        let error = #expect(throws: ControlFrame.Malformed.self) { try reader.next() }
        #expect(error?.description == "a frame that is not a message: it is not valid JSON")
    }

    @Test("an incomplete frame waits for more")
    func incomplete() throws {
        var reader = ControlFrame.Reader()
        let bytes = try ControlFrame.bytes(of: Self.messages[0])
        reader.append(bytes.dropLast())
        #expect(try reader.next() == nil)
        reader.append(bytes.suffix(1))
        #expect(try reader.next() == Self.messages[0])
        #expect(try reader.next() == nil)
    }
}
