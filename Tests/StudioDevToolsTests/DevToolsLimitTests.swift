import CommandFixtures
import Foundation
import Testing

extension DevToolsPageTests {
    /// What a page, or a program holding the token, may send: a command's body is read up to
    /// 64 KB and refused past it, and what a command names comes back in a reply cut to a
    /// short line, so the replies every snapshot carries stay small.
    @Suite("DevTools: sizes", .serialized)
    struct DevToolsLimitTests {
        struct Snapshot: Decodable {
            struct Reply: Decodable { var number: Int, text: String }
            var replies: [Reply]
        }

        @Test("a body over 64 KB is refused with 413; a long name comes back cut to a line", .timeLimit(.minutes(2)))
        func sizes() throws {
            let session = try Session(frames: 1200)
            let command = try session.address("/command", token: true)
            let huge = Data(#"{"command":"select","path":[0],"name":"\#(String(repeating: "x", count: 200_000))"}"#.utf8)
            let (status, body) = try DevToolsPageTests.fetch(command, method: "POST", body: huge)
            #expect(status == 413 && body.contains("at most 64 KB"), "\(status) \(body)")
            let long = String(repeating: "y", count: 50_000)
            let accepted = try DevToolsPageTests.fetch(
                command, method: "POST", body: Data(#"{"command":"select","path":[0],"name":"\#(long)"}"#.utf8))
            #expect(accepted.0 == 202, "\(accepted)")
            var reply: String?
            for _ in 0..<100 where reply == nil {
                let text = try DevToolsPageTests.fetch(try session.address("/snapshot", token: true)).1
                reply = (try? JSONDecoder().decode(Snapshot.self, from: Data(text.utf8)))?.replies.last?.text
                if reply == nil { Thread.sleep(forTimeInterval: 0.1) }
            }
            let text = try #require(reply, "no reply to the command")
            #expect(text.count < 300 && text.hasSuffix("characters)"), "\(text.prefix(300))")
        }
    }
}
