import Dispatch
import Foundation
import Testing

@testable import StudioKit

/// The inbox is the one thing that crosses threads: notes from many senders arrive
/// exactly once, each sender's in the order it sent them.
@Suite("Inbox")
struct LoopInboxTests {
    struct Note: Sendable, Hashable {
        var sender: Int
        var sequence: Int
    }

    static let senders = 8
    static let notesPerSender = 2_000

    static func checkExactlyOnceInOrder(_ notes: [Note]) -> String? {
        if notes.count != senders * notesPerSender { return "got \(notes.count) notes" }
        for sender in 0..<senders {
            let sequence = notes.filter { $0.sender == sender }.map(\.sequence)
            if sequence != Array(0..<notesPerSender) { return "sender \(sender) out of order or incomplete" }
        }
        return nil
    }

    @Test("notes sent from eight threads at once all arrive exactly once, in order per sender")
    func concurrentSendersThenDrain() {
        let inbox = Inbox<Note>()
        DispatchQueue.concurrentPerform(iterations: Self.senders) { sender in
            for i in 0..<Self.notesPerSender { inbox.send(Note(sender: sender, sequence: i)) }
        }
        var notes: [Note] = []
        inbox.drain(into: &notes)
        #expect(Self.checkExactlyOnceInOrder(notes) == nil)
    }

    @Test("draining while senders are still sending loses and repeats nothing")
    func drainWhileSending() {
        let inbox = Inbox<Note>()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            DispatchQueue.concurrentPerform(iterations: Self.senders) { sender in
                for i in 0..<Self.notesPerSender { inbox.send(Note(sender: sender, sequence: i)) }
            }
        }
        var notes: [Note] = []
        while group.wait(timeout: .now()) == .timedOut {
            inbox.drain(into: &notes)
        }
        inbox.drain(into: &notes)
        #expect(Self.checkExactlyOnceInOrder(notes) == nil)
    }

    @Test("notes sent from concurrent tasks all arrive exactly once, in order per sender")
    func concurrentTasks() async {
        let inbox = Inbox<Note>()
        await withTaskGroup(of: Void.self) { group in
            for sender in 0..<Self.senders {
                group.addTask {
                    for i in 0..<Self.notesPerSender { inbox.send(Note(sender: sender, sequence: i)) }
                }
            }
        }
        var notes: [Note] = []
        inbox.drain(into: &notes)
        #expect(Self.checkExactlyOnceInOrder(notes) == nil)
    }

    @Test("draining appends to the buffer and leaves the inbox empty")
    func drainAppendsAndEmpties() {
        let inbox = Inbox<Int>()
        inbox.send(1)
        inbox.send(2)
        var buffer = [0]
        inbox.drain(into: &buffer)
        inbox.drain(into: &buffer)
        #expect(buffer == [0, 1, 2])
    }
}
