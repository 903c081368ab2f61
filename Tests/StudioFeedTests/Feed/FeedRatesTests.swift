import RoomFixtures
import Foundation
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Feed rates")
struct FeedRatesTests {
    static func parse(_ values: [String: JSONValue]) throws -> FeedRates {
        try FeedRates.parse(values, file: "studios.json", keyPath: "studios[2].feed")
    }

    static func error(_ values: [String: JSONValue]) -> ConfigError? {
        do {
            _ = try parse(values)
            return nil
        } catch let error as ConfigError {
            return error
        } catch {
            return nil
        }
    }

    @Test("keys given override the preset; keys left out keep it")
    func parses() throws {
        let rates = try Self.parse([
            "preset": .string("pk"), "comments": .number(7), "keepAlive": .bool(true),
            "initialOnline": .number(1234),
        ])
        var expected = FeedRates.pk
        expected.comments = 7
        expected.initialOnline = 1234
        #expect(rates == expected)
        #expect(try Self.parse([:]) == .live)
    }

    @Test("an unknown key is reported with its key path and the valid keys")
    func unknownKey() {
        let e = Self.error(["coments": .number(3)])
        #expect(e?.keyPath == "studios[2].feed.coments")
        #expect(e?.file == "studios.json")
        #expect(e?.reason.contains("comments") == true && e?.reason.contains("preset") == true)
    }

    @Test("a negative rate is reported with its key path")
    func negative() {
        let e = Self.error(["gifts": .number(-1)])
        #expect(e?.keyPath == "studios[2].feed.gifts")
        #expect(e?.description.contains("-1") == true)
    }

    @Test("a value of the wrong kind is reported with its key path")
    func wrongKind() {
        #expect(Self.error(["likes": .string("many")])?.keyPath == "studios[2].feed.likes")
        #expect(Self.error(["keepAlive": .number(1)])?.keyPath == "studios[2].feed.keepAlive")
        #expect(Self.error(["initialOnline": .number(-5)])?.keyPath == "studios[2].feed.initialOnline")
        #expect(Self.error(["preset": .string("loud")])?.reason.contains("playback") == true)
    }

    @Test("rates built in code are validated the same way, non-finite ones included")
    func validate() {
        #expect(throws: ConfigError.self) { try FeedRates(comments: .nan).validate() }
        #expect(throws: ConfigError.self) { try FeedRates(enters: .infinity).validate() }
        #expect(throws: ConfigError.self) { try FeedRates(leaves: -0.5).validate() }
        #expect(throws: Never.self) { try FeedRates.live.validate() }
    }

    @Test("feed rates round-trip through Codable")
    func codable() throws {
        let data = try JSONEncoder().encode(FeedRates.financial)
        #expect(try JSONDecoder().decode(FeedRates.self, from: data) == .financial)
    }
}
