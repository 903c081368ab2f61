import Foundation
import StudioFoundation
import Testing

@Suite("Locked and Awaited keep shared state under their lock")
struct SharedStateTests {
    @Test("increments from eight threads all count")
    func lockedCounts() {
        let count = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 { count.withLock { $0 += 1 } }
        }
        #expect(count.value == 80_000)
    }

    @Test("a thread waiting on an Awaited value wakes when another changes it, and sees the change")
    func awaitedWakes() {
        let box = Awaited([Int]())
        let done = DispatchSemaphore(value: 0)
        let seen = Locked<[Int]>([])
        Thread.detachNewThread {
            let got = box.wait(until: { $0.count == 3 }, then: { $0 })
            seen.withLock { $0 = got }
            done.signal()
        }
        for i in 1...3 {
            usleep(2_000)
            box.update {
                $0.append(i)
                return .one
            }
        }
        #expect(done.wait(timeout: .now() + 5) == .success, "the waiting thread never woke")
        #expect(seen.value == [1, 2, 3])
    }
}

@Suite("Seeds and stable hashes repeat on every run and machine")
struct RepeatableTests {
    @Test("derive gives the seeds the session and the feed always derived")
    func derivedSeeds() {
        // The formulas recordings and goldens were made with: a room's seed from the
        // session's, and the feed's, each after its own offset.
        for (base, id) in [(UInt64(0), UInt64(0)), (42, 101), (.max, 7)] {
            #expect(
                SeededRandom.derive(base, id, offset: SeededRandom.increment)
                    == SeededRandom.finalize(base &+ SeededRandom.increment &* (id &+ 1)))
            #expect(
                SeededRandom.derive(base, id, offset: 0x632B_E59B_D9B4_E019)
                    == SeededRandom.finalize(base &+ id &* SeededRandom.increment &+ 0x632B_E59B_D9B4_E019))
        }
        #expect(SeededRandom.derive(42, 101, offset: 1) != SeededRandom.derive(42, 102, offset: 1))
    }

    @Test("FNV-1a gives the published test vectors")
    func fnvVectors() {
        // From the FNV reference's test suite: "" and "a" in both widths.
        #expect(FNV1a<UInt64>.hash("") == 0xCBF2_9CE4_8422_2325)
        #expect(FNV1a<UInt64>.hash("a") == 0xAF63_DC4C_8601_EC8C)
        #expect(FNV1a<UInt32>.hash("") == 0x811C_9DC5)
        #expect(FNV1a<UInt32>.hash("a") == 0xE40C_292C)
    }
}
