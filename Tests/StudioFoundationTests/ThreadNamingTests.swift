import Foundation
import StudioFoundation
import Testing

@Suite struct ThreadNamingTests {
    /// The name the system keeps for the calling thread.
    static func systemName() -> String? {
        (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8))?
            .trimmingCharacters(in: .newlines)
    }

    @Test(
        "a thread's name reaches the system's tools; a long one is cut to what Linux keeps",
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/thread-self/comm"), "needs Linux's /proc"))
    func names() async {
        let names = await withCheckedContinuation { (done: CheckedContinuation<[String?], Never>) in
            let thread = Thread {
                ThreadNaming.nameCurrentThread("video decode")
                let first = Self.systemName()
                ThreadNaming.nameCurrentThread("a name longer than fifteen bytes")
                done.resume(returning: [first, Self.systemName()])
            }
            thread.start()
        }
        #expect(names == ["video decode", "a name longer t"])
    }
}
