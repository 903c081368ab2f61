import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Danmaku settings from strings and configurations")
struct DanmakuSettingsParsingTests {
    private func message(_ body: () throws -> Void) -> String {
        do {
            try body()
            return ""
        } catch {
            return "\(error)"
        }
    }

    @Test("each parser reads what a command line gives it")
    func parsersAccept() throws {
        #expect(try DanmakuSettings.parseOpacity("0.5") == 0.5)
        #expect(try DanmakuSettings.parseOpacity("80%") == 0.8)
        #expect(try DanmakuSettings.parseArea("half") == .half)
        #expect(try DanmakuSettings.parseArea("3/4") == .threeQuarters)
        #expect(try DanmakuSettings.parseArea("Full") == .full)
        #expect(try DanmakuSettings.parseSpeed("1.5") == 1.5)
        #expect(try DanmakuSettings.parseSpeed("slow") == 0.75)
        #expect(try DanmakuSettings.parseScale("0.8") == 0.8)
        #expect(try DanmakuSettings.parseScale("large") == 1.25)
        let hidden = try DanmakuSettings.parseHidden("top, colored,reverse")
        #expect(hidden.modes == [.top, .reverse] && hidden.colored)
        #expect(try DanmakuSettings.parseHidden("none").modes.isEmpty)
        #expect(try DanmakuSettings.parseDensity("40") == 40)
        #expect(try DanmakuSettings.parseDensity("few") == 20)
        #expect(try DanmakuSettings.parseDensity("many") == nil)
        #expect(try DanmakuSettings.parseKeyword("  spoiler ") == "spoiler")
        #expect(try DanmakuSettings.parseUser("troll") == "troll")
        #expect(try DanmakuSettings.parseBlockPattern("spoil(er|s)") == "spoil(er|s)")
    }

    @Test(
        "a value out of range or unknown is refused with the setting, the value and what is accepted",
        arguments: [
            ("opacity", "0.05", "from 0.1 to 1"), ("opacity", "lots", "from 0.1 to 1"),
            ("area", "most", "quarter, half, threeQuarters, full"), ("speed", "3", "from 0.5 to 2, or one of slow, normal, fast"),
            ("scale", "0", "from 0.5 to 2"), ("hide", "top,sideways", "'sideways' is not something to hide"),
            ("density", "0", "from 1 to 2000, or one of few, normal, many"), ("block", "  ", "is empty"),
            ("blockUser", "", "is empty"),
        ])
    func parsersRefuse(setting: String, value: String, expected: String) {
        let text = message {
            switch setting {
            case "opacity": _ = try DanmakuSettings.parseOpacity(value)
            case "area": _ = try DanmakuSettings.parseArea(value)
            case "speed": _ = try DanmakuSettings.parseSpeed(value)
            case "scale": _ = try DanmakuSettings.parseScale(value)
            case "hide": _ = try DanmakuSettings.parseHidden(value)
            case "density": _ = try DanmakuSettings.parseDensity(value)
            case "block": _ = try DanmakuSettings.parseKeyword(value)
            default: _ = try DanmakuSettings.parseUser(value)
            }
        }
        #expect(text.hasPrefix("danmaku \(setting) '\(value)': "), "\(text)")
        #expect(text.contains(expected), "\(text)")
    }

    @Test(
        "a pattern that does not compile is refused naming the pattern, where it breaks and why",
        arguments: [
            ("(abc", "expected ')' at the end of the pattern"), ("a[b", "expected ']' at the end of the pattern"),
            ("*a", "quantifier '*' must appear after expression"), ("x{2,1}", "must be less than or equal to upper bound"),
        ])
    func badPattern(pattern: String, expected: String) {
        let text = message { _ = try DanmakuSettings.parseBlockPattern(pattern) }
        #expect(text.hasPrefix("danmaku blockRegex '\(pattern)': the pattern does not compile: "), "\(text)")
        #expect(text.contains(expected), "\(text)")
        var list = DanmakuBlockList()
        #expect(throws: DanmakuSettingsError.self) { try list.block(pattern: pattern) }
        #expect(list.patterns.isEmpty)
    }

    @Test("the position of a break inside a pattern is counted in characters, not bytes")
    func patternPositionInCharacters() {
        let text = message { _ = try DanmakuSettings.parseBlockPattern("主播(好|美)x{3,1}y") }
        #expect(text.contains("at character"), "\(text)")
        if let at = text.range(of: "at character ")?.upperBound, let number = Int(text[at...].prefix { $0.isNumber }) {
            #expect((8...12).contains(number), "\(text)")
        }
    }

    private func make(_ values: [String: JSONValue]) throws -> DanmakuWidget {
        let options = WidgetOptions(file: "audience.json", keyPath: "widgets[5].options", values: values)
        return try #require(try DanmakuWidget.make(level: 240, options: options) as? DanmakuWidget)
    }

    @Test("a configuration gives the room's settings flat among the options or in a settings object")
    func configurationSettings() throws {
        let flat = try make([
            "opacity": .number(0.6), "area": .string("half"), "hide": .array([.string("top"), .string("colored")]),
            "block": .array([.string("spoiler")]), "blockRegex": .array([.string("^6+$")]),
            "blockUser": .array([.string("troll")]), "merge": .bool(true), "density": .string("few"),
            "speed": .number(1.5), "scale": .number(0.8), "edge": .string("outline"),
        ])
        let s = flat.configuration.settings
        #expect(s.opacity == 0.6 && s.area == .half && s.hiddenModes == [.top] && s.hidesColored)
        #expect(s.blockList.keywords == ["spoiler"] && s.blockList.patterns == ["^6+$"] && s.blockList.users == ["troll"])
        #expect(s.mergesDuplicates && s.densityCap == 20 && s.speed == 1.5 && s.fontScale == 0.8)
        #expect(flat.configuration.edge == .outline)
        let nested = try make(["settings": .object(["opacity": .number(0.6), "density": .number(30)])])
        #expect(nested.configuration.settings.opacity == 0.6 && nested.configuration.settings.densityCap == 30)
    }

    @Test("an unknown setting, a bad pattern or settings given twice are errors naming the key path and the reason")
    func configurationErrors() {
        func error(_ values: [String: JSONValue]) -> ConfigError? {
            do {
                _ = try make(values)
                return nil
            } catch {
                return error as? ConfigError
            }
        }
        let unknown = error(["settings": .object(["opacty": .number(0.5)])])
        #expect(unknown?.keyPath == "widgets[5].options.settings.opacty")
        #expect(unknown?.reason.contains("opacity") == true)
        let pattern = error(["blockRegex": .array([.string("ok"), .string("(bad")])])
        #expect(pattern?.keyPath == "widgets[5].options.blockRegex[1]")
        #expect(pattern?.reason.contains("'(bad'") == true && pattern?.reason.contains("expected ')'") == true)
        let twice = error(["opacity": .number(0.5), "settings": .object([:])])
        #expect(twice?.keyPath == "widgets[5].options.opacity")
        #expect(error(["area": .string("most")])?.reason.contains("quarter, half") == true)
        #expect(error(["density": .number(0)])?.keyPath == "widgets[5].options.density")
        #expect(error(["edge": .string("glow")])?.reason.contains("shadow, outline") == true)
    }

    @Test("settings set in code out of range are brought into range when applied")
    func clamped() {
        var s = DanmakuSettings()
        s.opacity = 3
        s.speed = .nan
        s.fontScale = 0.1
        s.densityCap = 0
        let c = s.clamped
        #expect(c.opacity == 1 && c.speed == 1 && c.fontScale == 0.5 && c.densityCap == 1)
    }
}
