import RoomFixtures
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Formatting")
struct FormatTests {
    @Test("online counts read like a live app's: 987, 1.2k, 12.3k, 123k, 1.2M")
    func onlineCounts() {
        #expect(formatOnlineCount(987) == "987")
        #expect(formatOnlineCount(1_000) == "1k")
        #expect(formatOnlineCount(1_234) == "1.2k")
        #expect(formatOnlineCount(12_345) == "12.3k")
        #expect(formatOnlineCount(123_456) == "123k")
        #expect(formatOnlineCount(1_204_000) == "1.2M")
        #expect(formatOnlineCount(-5) == "0")
    }
}
