import Foundation
import StudioKit
import StudioTesting
import Testing

@testable import StudioVideo

@Suite struct VideoPlayerTests {
    let room = RoomInfo(id: 7, kind: "audience", title: "", hostName: "", cover: ImageRef("cover-1"), onlineCount: 0)

    func drain(_ inbox: Inbox<StudioNote>) -> [StudioNote] {
        var notes: [StudioNote] = []
        inbox.drain(into: &notes)
        return notes
    }

    func frameTimes(_ notes: [StudioNote]) -> [Double] { notes.compactMap { $0.value(.videoFrame)?.time } }

    /// Advances the clock frame by frame from `from` to `to` seconds (1/60 s steps).
    func advance(_ player: VideoPlayer, frames: ClosedRange<Int>) {
        for i in frames { player.handle(.advance(to: Double(i) / 60)) }
    }

    @Test("in lockstep, the frame sent as the clock reaches t - 1/60 is the stream's frame for t, each frame once")
    func lockstepPaces() {
        let inbox = Inbox<StudioNote>()
        let player = VideoPlayer(path: TestClips.portrait, inbox: inbox, lockstep: true)
        player.handle(.roomEntered(room))
        let opening = drain(inbox)
        #expect(opening.first?.value(.videoReady)?.width == 180)
        #expect(frameTimes(opening) == [0])
        #expect(opening.allSatisfy { $0.roomID == 7 })
        advance(player, frames: 1...59)
        let times = frameTimes(drain(inbox))
        // Frames 1...30 of a 30 fps stream, in order, each sent once, the last for t = 1.0.
        #expect(times.count == 30)
        #expect(times == times.sorted() && Set(times).count == times.count)
        #expect(abs((times.last ?? 0) - 1.0) < 1e-6)
    }

    @Test("pause freezes the picture, seek shows its target frame at once (paused too), play goes on from there")
    func controls() {
        let inbox = Inbox<StudioNote>()
        let player = VideoPlayer(path: TestClips.portrait, inbox: inbox, lockstep: true)
        player.handle(.roomEntered(room))
        advance(player, frames: 1...20)
        _ = drain(inbox)
        player.handle(.video(.pause))
        advance(player, frames: 21...40)
        #expect(frameTimes(drain(inbox)).isEmpty)
        player.handle(.video(.seek(to: 1.5)))
        #expect(frameTimes(drain(inbox)) == [1.5])
        advance(player, frames: 41...50)
        #expect(frameTimes(drain(inbox)).isEmpty)
        player.handle(.video(.play))
        advance(player, frames: 51...56)
        let after = frameTimes(drain(inbox))
        #expect(!after.isEmpty && after.allSatisfy { $0 > 1.5 && $0 <= 1.5 + 6.0 / 60 + 1e-6 }, "\(after)")
    }

    @Test("a stream that does not loop says it ended, once; one that loops starts again")
    func endAndLoop() {
        let inbox = Inbox<StudioNote>()
        let once = VideoPlayer(path: TestClips.portrait, inbox: inbox, lockstep: true, loops: false)
        once.handle(.roomEntered(room))
        advance(once, frames: 1...150)
        let notes = drain(inbox)
        #expect(notes.compactMap { $0.value(.videoEnded) }.count == 1)
        let looping = VideoPlayer(path: TestClips.portrait, inbox: inbox, lockstep: true)
        looping.handle(.roomEntered(room))
        advance(looping, frames: 1...150)
        let times = frameTimes(drain(inbox))
        #expect(drain(inbox).compactMap { $0.value(.videoEnded) }.isEmpty)
        // After 2 s the picture is the stream's start again.
        #expect(times.contains { $0 < 0.5 } && times.last.map { $0 < 0.6 } == true, "\(times.suffix(5))")
    }

    @Test("a file that cannot play fails every room that opens, naming the file and the reason")
    func failure() {
        let inbox = Inbox<StudioNote>()
        let player = VideoPlayer(path: "/no/clip.mp4", inbox: inbox, lockstep: true)
        #expect(player.failure?.file == "/no/clip.mp4")
        player.handle(.roomEntered(room))
        advance(player, frames: 1...5)
        let failed = drain(inbox).compactMap { $0.value(.videoFailed) }
        #expect(failed == ["cannot play /no/clip.mp4: no such file (check the path)"])
        player.handle(
            .roomEntered(
                RoomInfo(
                    id: 8, kind: "pk", title: "", hostName: "", cover: ImageRef("cover-1"),
                    onlineCount: 0)))
        #expect(drain(inbox).compactMap { $0.value(.videoFailed) }.count == 1)
    }

    @Test(
        "on its own thread, frames arrive as the clock moves, late ones are dropped and counted, and shutdown joins",
        .timeLimit(.minutes(3)))
    func realTime() throws {
        let inbox = Inbox<StudioNote>()
        let player = VideoPlayer(path: TestClips.portrait, inbox: inbox, lockstep: false)
        player.handle(.roomEntered(room))
        var notes: [StudioNote] = []
        func collect(until done: ([StudioNote]) -> Bool) {
            let deadline = Date().addingTimeInterval(10)
            while !done(notes), Date() < deadline {
                usleep(5_000)
                notes += drain(inbox)
            }
        }
        for i in 1...12 {
            player.handle(.advance(to: Double(i) / 60))
            usleep(5_000)
        }
        collect { frameTimes($0).count >= 3 }
        #expect(frameTimes(notes).count >= 3)
        // A jump of a second: the frames queued for the time in between are late.
        player.handle(.advance(to: 1.2))
        collect { frameTimes($0).last.map { $0 >= 1.1 } == true }
        #expect(frameTimes(notes).last.map { $0 >= 1.1 && $0 <= 1.25 } == true, "\(frameTimes(notes).suffix(3))")
        player.handle(.advance(to: 1.3))
        collect { $0.contains { ($0.value(.videoProgress)?.dropped ?? 0) > 0 } }
        #expect(notes.contains { ($0.value(.videoProgress)?.dropped ?? 0) > 0 })
        player.handle(.shutdown)
    }

    @Test(
        "on its own thread, a frame decoded ahead is shown by the loop's advance itself, not when the decoding thread next runs",
        .timeLimit(.minutes(3)))
    func loopPresents() throws {
        let inbox = Inbox<StudioNote>()
        let player = VideoPlayer(path: TestClips.portrait, inbox: inbox, lockstep: false)
        player.handle(.roomEntered(room))
        player.handle(.advance(to: 0))
        // The thread decodes ahead until its queue is full: frames up to about 0.17 s.
        let deadline = Date().addingTimeInterval(10)
        while player.framesQueued < VideoPlayer.queueCapacity, Date() < deadline { usleep(5_000) }
        #expect(player.framesQueued == VideoPlayer.queueCapacity)
        _ = drain(inbox)
        // Each advance returns with its frame already sent: the loop took it from the queue.
        for (i, t) in [0.05, 0.1].enumerated() {
            player.handle(.advance(to: t))
            let times = frameTimes(drain(inbox))
            #expect(times.last.map { abs($0 - (t + 1.0 / 60)) <= 1.0 / 30 + 1e-9 } == true, "advance \(i): \(times)")
        }
        player.handle(.shutdown)
    }
}
