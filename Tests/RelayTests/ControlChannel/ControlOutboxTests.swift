import Testing

@testable import Relay

/// The program's outbox driven directly: a frame is written by its poster when nothing is before
/// it, else by the writer; frames leave in the order posted, a poster's unwritten remainder first;
/// the writer is asked for once; nobody writes while another does.
@Suite("The program's outbox: who writes each frame, and in what order")
struct ControlOutboxTests {
    let a: [UInt8] = [1, 1, 1]
    let b: [UInt8] = [2]
    let c: [UInt8] = [3]

    @Test("with nothing before it, a frame is its poster's to write, again and again; no writer is asked for")
    func posterWrites() {
        let outbox = ControlOutbox()
        for frame in [a, b, c] {
            #expect(outbox.post(frame) == .writeNow)
            #expect(!outbox.wrote(leaving: nil))
        }
    }

    @Test("a frame posted while another is written waits; the writer is asked for once, and takes them in order")
    func framesWaitForTheWriter() {
        let outbox = ControlOutbox()
        #expect(outbox.post(a) == .writeNow)
        #expect(outbox.post(b) == .startsWriter)
        #expect(outbox.post(c) == .queued)
        #expect(!outbox.wrote(leaving: nil))
        #expect(outbox.next() == b)
        // While the writer writes, a new frame waits for it too.
        #expect(outbox.post(a) == .queued)
        #expect(outbox.next() == c)
        #expect(outbox.next() == a)
    }

    @Test("what a poster could not write goes first, and asks for the writer if none was")
    func remainderFirst() {
        let outbox = ControlOutbox()
        #expect(outbox.post(a) == .writeNow)
        #expect(outbox.wrote(leaving: [1]))
        // The remainder waits: a later frame may not overtake it.
        #expect(outbox.post(b) == .queued)
        #expect(outbox.next() == [1])
        #expect(outbox.next() == b)
    }

    @Test("once ended, what waited is dropped, nothing is taken, and the writer stops")
    func ended() {
        let outbox = ControlOutbox()
        #expect(outbox.post(a) == .writeNow)
        #expect(outbox.post(b) == .startsWriter)
        outbox.end()
        #expect(!outbox.wrote(leaving: [1]))
        #expect(outbox.post(c) == .refused)
        #expect(outbox.next() == nil)
    }
}
