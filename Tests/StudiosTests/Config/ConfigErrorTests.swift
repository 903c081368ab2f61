import RoomFixtures
import StudioInspection
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

/// Every class of configuration error names the file and the key path or line, and says
/// how to fix it.
@Suite("Studio configuration errors")
struct ConfigErrorTests {
    @Test("the sample configuration loads")
    func sampleLoads() throws {
        let config = try ConfigSamples.load(ConfigSamples.audience)
        #expect(config.kind == "audience")
        #expect(config.title == "Live")
        #expect(config.conceal == [230])
        #expect(config.docker == [.comment, .share, .gift, .like])
        #expect(config.feed.comments == 3)
        #expect(config.feed.keepAlive)
        #expect(config.widgets.map(\.name) == ["cover", "video", "hostInfo", "activityIcon", "commentList", "docker", "toast"])
        #expect(config.entry(named: "commentList")?.level == 250)
        #expect(config.entry(named: "video")?.level == Levels.video)
        #expect(config.entry(named: "commentList")?.keyPath == "widgets[4]")
    }

    @Test("a syntax error names the file and the line of the unexpected token")
    func syntaxErrorLine() throws {
        let text = ConfigSamples.audience(replacing: "\"title\": \"Live\",", with: "\"title\": \"Live\"")
        let error = try #require(ConfigSamples.error(text))
        #expect(error.file == "audience.json")
        #expect(error.line == 4)
        #expect(error.reason.contains("expected ',' or '}' after the value of \"title\""))
        #expect(error.description.hasPrefix("audience.json:4: invalid JSON at column 3"))
    }

    @Test("a syntax error deep in the widgets gives its line")
    func syntaxErrorDeepLine() throws {
        let text = ConfigSamples.audience(replacing: "\"capacity\": 5", with: "\"capacity\": 5,")
        let error = try #require(ConfigSamples.error(text))
        #expect(error.line == 13)
        #expect(error.reason.contains("a comma may not come before '}'"))
    }

    @Test("an unterminated file reports the end of the file")
    func truncated() throws {
        let text = String(ConfigSamples.audience.dropLast(2))
        let error = try #require(ConfigSamples.error(text))
        #expect(error.line == 16)
        #expect(error.reason.contains("end of file"))
    }

    @Test("a missing required key names the key and shows what to add")
    func missingKey() throws {
        let text = ConfigSamples.audience(replacing: "  \"title\": \"Live\",\n", with: "")
        let error = try #require(ConfigSamples.error(text))
        #expect(error.file == "audience.json")
        #expect(error.keyPath == "title")
        #expect(error.reason.hasPrefix("missing; add \"title\":"))
    }

    @Test("a value of the wrong type names its key path, line and the type it got")
    func wrongType() throws {
        let text = ConfigSamples.audience(replacing: "\"conceal\": [230]", with: "\"conceal\": 230")
        let error = try #require(ConfigSamples.error(text))
        #expect(error.keyPath == "conceal")
        #expect(error.line == 5)
        #expect(error.reason.contains("must be an array"))
        #expect(error.reason.contains("got a number"))
    }

    @Test("a widget option of the wrong type is reported by the widget's make")
    func wrongOptionType() throws {
        let text = ConfigSamples.audience(replacing: "\"title\": \"Lucky Box\"", with: "\"title\": 7")
        let error = try #require(ConfigSamples.error(text))
        #expect(error.keyPath == "widgets[3].options.title")
        #expect(error.line == 12)
        #expect(error.reason.contains("must be a string"))
    }

    @Test("an unknown top-level key is named and the valid keys are listed")
    func unknownKey() throws {
        let text = ConfigSamples.audience(replacing: "\"title\": \"Live\",", with: "\"title\": \"Live\",\n  \"gesturez\": {},")
        let error = try #require(ConfigSamples.error(text))
        #expect(error.keyPath == "gesturez")
        #expect(error.line == 4)
        #expect(error.reason == "unknown key; valid: auditExceptions, conceal, docker, feed, gestures, kind, rooms, title, widgets")
    }

    @Test("an unknown key in a widget entry lists the entry's keys")
    func unknownEntryKey() throws {
        let text = ConfigSamples.audience(replacing: "{ \"widget\": \"toast\" }", with: "{ \"widget\": \"toast\", \"levle\": 480 }")
        let error = try #require(ConfigSamples.error(text))
        #expect(error.keyPath == "widgets[6].levle")
        #expect(error.line == 15)
        #expect(error.reason == "unknown key; valid: id, keepOut, level, options, widget")
    }

    @Test("an unknown widget name lists the catalog's names")
    func unknownWidget() throws {
        let text = ConfigSamples.audience(replacing: "{ \"widget\": \"toast\" }", with: "{ \"widget\": \"tost\" }")
        let error = try #require(ConfigSamples.error(text))
        #expect(error.keyPath == "widgets[6].widget")
        #expect(error.line == 15)
        #expect(error.reason.hasPrefix("unknown widget 'tost'; known: "))
        for name in WidgetCatalog.standard().names { #expect(error.reason.contains(name)) }
    }

    @Test("a negative level is refused with the layers' ranges")
    func negativeLevel() throws {
        let text = ConfigSamples.audience(replacing: "\"level\": 250", with: "\"level\": -5")
        let error = try #require(ConfigSamples.error(text))
        #expect(error.keyPath == "widgets[4].level")
        #expect(error.line == 13)
        #expect(error.reason.contains("must be a level >= 0 (got -5)"))
        #expect(error.reason.contains("movable [200, 300)"))
    }

    @Test("a level that is not a number is refused")
    func levelNotNumber() throws {
        let text = ConfigSamples.audience(replacing: "\"level\": 250", with: "\"level\": \"250\"")
        let error = try #require(ConfigSamples.error(text))
        #expect(error.keyPath == "widgets[4].level")
        #expect(error.reason.contains("got a string"))
    }

    @Test("a level too large for a number is a syntax error on its line")
    func hugeLevel() throws {
        let text = ConfigSamples.audience(replacing: "\"level\": 250", with: "\"level\": 1e999")
        let error = try #require(ConfigSamples.error(text))
        #expect(error.line == 13)
        #expect(error.reason.contains("too large"))
    }

    @Test("a negative concealed level is refused")
    func badConcealLevel() throws {
        let text = ConfigSamples.audience(replacing: "\"conceal\": [230]", with: "\"conceal\": [230, -1]")
        let error = try #require(ConfigSamples.error(text))
        #expect(error.keyPath == "conceal[1]")
        #expect(error.line == 5)
    }

    @Test("an unknown gesture action lists the valid actions")
    func badGesture() throws {
        let text = ConfigSamples.audience(replacing: "\"vertical\": \"switchRoom\"", with: "\"vertical\": \"flip\"")
        let error = try #require(ConfigSamples.error(text))
        #expect(error.keyPath == "gestures.vertical")
        #expect(error.line == 4)
        #expect(error.reason == "unknown action 'flip'; valid: switchRoom, toggleLite, none")
    }

    @Test("two axes with the same action are refused")
    func sameActionTwice() throws {
        let text = ConfigSamples.audience(replacing: "\"horizontal\": \"toggleLite\"", with: "\"horizontal\": \"switchRoom\"")
        let error = try #require(ConfigSamples.error(text))
        #expect(error.keyPath == "gestures")
        #expect(error.reason.contains("both axes do 'switchRoom'"))
    }

    @Test("an option out of range is reported by the widget with its key path")
    func badOption() throws {
        let text = ConfigSamples.audience(replacing: "\"capacity\": 5", with: "\"capacity\": 50")
        let error = try #require(ConfigSamples.error(text))
        #expect(error.file == "audience.json")
        #expect(error.keyPath == "widgets[4].options.capacity")
        #expect(error.line == 13)
        #expect(error.reason == "must be between 1 and 12 (got 50)")
    }

    @Test("an unknown option lists the options the widget takes")
    func unknownOption() throws {
        let text = ConfigSamples.audience(replacing: "\"capacity\": 5", with: "\"capacty\": 5")
        let error = try #require(ConfigSamples.error(text))
        #expect(error.keyPath == "widgets[4].options.capacty")
        #expect(error.reason == "unknown option; valid: capacity")
    }

    @Test("an unknown docker button lists the valid buttons")
    func badBottomBarButton() throws {
        let text = ConfigSamples.audience(replacing: "\"share\", \"gift\"", with: "\"cart\", \"gift\"")
        let error = try #require(ConfigSamples.error(text))
        #expect(error.keyPath == "docker[1]")
        #expect(error.line == 6)
        #expect(error.reason == "unknown docker button 'cart'; valid: comment, share, record, gift, like")
    }

    @Test("a docker button listed twice is refused")
    func dockerButtonTwice() throws {
        let text = ConfigSamples.audience(replacing: "\"share\", \"gift\"", with: "\"share\", \"share\"")
        let error = try #require(ConfigSamples.error(text))
        #expect(error.keyPath == "docker[2]")
    }

    @Test("docker buttons without a docker widget are refused")
    func dockerWithoutWidget() throws {
        let text = ConfigSamples.audience(replacing: "    { \"widget\": \"docker\" },\n", with: "")
        let error = try #require(ConfigSamples.error(text))
        #expect(error.keyPath == "docker")
        #expect(error.reason.contains("has no docker"))
    }

    @Test("a kind that does not match the file name says both and how to fix it")
    func kindFileMismatch() throws {
        let error = try #require(ConfigSamples.error(ConfigSamples.audience, file: "Assets/studios/pk.json"))
        #expect(error.file == "Assets/studios/pk.json")
        #expect(error.keyPath == "kind")
        #expect(error.line == 2)
        #expect(error.reason.contains("is 'audience' but the file is named pk.json"))
        #expect(error.description.hasPrefix("Assets/studios/pk.json:2: kind: "))
    }

    @Test("an unknown kind lists the valid kinds")
    func unknownKind() throws {
        let text = ConfigSamples.audience(replacing: "\"kind\": \"audience\"", with: "\"kind\": \"karaoke\"")
        let error = try #require(ConfigSamples.error(text, file: "karaoke.json"))
        #expect(error.keyPath == "kind")
        #expect(
            error.reason == "unknown studio kind 'karaoke'; valid: \(StudioKinds.all.sorted().joined(separator: ", ")); "
                + "a kind from another package must be registered in the catalog the app runs with")
    }

    @Test("a configuration without a widget its type requires names the widget")
    func missingRequiredWidget() throws {
        let text = ConfigSamples.audience(replacing: "    { \"widget\": \"hostInfo\" },\n", with: "")
        let error = try #require(ConfigSamples.error(text))
        #expect(error.file == "audience.json")
        #expect(error.keyPath == "widgets")
        #expect(error.line == 8)
        #expect(error.reason.contains("an audience studio needs the widget 'hostInfo'"))
        #expect(error.reason.contains("add { \"widget\": \"hostInfo\" }"))
    }

    @Test("concealing the level of a required widget is refused")
    func concealRequired() throws {
        let text = ConfigSamples.audience(replacing: "\"conceal\": [230]", with: "\"conceal\": [230, 210]")
        let error = try #require(ConfigSamples.error(text))
        #expect(error.keyPath == "conceal")
        #expect(error.reason.contains("the level of 'hostInfo'"))
    }

    @Test("a concealed level that no widget has is refused as a typo, listing the levels")
    func concealStray() throws {
        let text = ConfigSamples.audience(replacing: "\"conceal\": [230]", with: "\"conceal\": [231]")
        let error = try #require(ConfigSamples.error(text))
        #expect(error.keyPath == "conceal")
        #expect(error.line == 5)
        #expect(error.reason.contains("conceals level 231, but no widget is at that level"))
        #expect(error.reason.contains("230"))
    }

    @Test("a widget listed twice is refused, naming the first")
    func widgetTwice() throws {
        let text = ConfigSamples.audience(replacing: "{ \"widget\": \"toast\" }", with: "{ \"widget\": \"cover\" }")
        let error = try #require(ConfigSamples.error(text))
        #expect(error.keyPath == "widgets[6].widget")
        #expect(error.reason.contains("also widgets[0]"))
    }

    @Test("a bad feed rate names its key path and line")
    func badFeed() throws {
        let text = ConfigSamples.audience(replacing: "\"comments\": 3", with: "\"comments\": -3")
        let error = try #require(ConfigSamples.error(text))
        #expect(error.keyPath == "feed.comments")
        #expect(error.line == 7)
    }

    @Test("an unknown feed key lists the valid ones")
    func unknownFeedKey() throws {
        let text = ConfigSamples.audience(replacing: "\"comments\": 3", with: "\"commentsPerSecond\": 3")
        let error = try #require(ConfigSamples.error(text))
        #expect(error.keyPath == "feed.commentsPerSecond")
        #expect(error.reason.contains("comments"))
        #expect(error.reason.contains("keepAlive"))
    }

    @Test("a live studio without keep-alive is refused")
    func liveWithoutKeepAlive() throws {
        let text = ConfigSamples.audience(replacing: "\"keepAlive\": true", with: "\"keepAlive\": false")
        let error = try #require(ConfigSamples.error(text))
        #expect(error.keyPath == "feed.keepAlive")
        #expect(error.reason.contains("set it to true"))
    }

    @Test("a duplicate key is a syntax error on the second one's line")
    func duplicateKey() throws {
        let text = ConfigSamples.audience(replacing: "\"title\": \"Live\",", with: "\"title\": \"Live\",\n  \"title\": \"Again\",")
        let error = try #require(ConfigSamples.error(text))
        #expect(error.line == 4)
        #expect(error.reason.contains("the key \"title\" appears twice"))
    }

    @Test("a root that is not an object is refused")
    func rootNotObject() throws {
        let error = try #require(ConfigSamples.error("[1, 2]"))
        #expect(error.keyPath == "")
        #expect(error.line == 1)
        #expect(error.reason.contains("must be an object"))
    }

    @Test("an empty widget list is refused")
    func emptyWidgets() throws {
        let text = """
            { "kind": "audience", "title": "Live", "widgets": [] }
            """
        let error = try #require(ConfigSamples.error(text))
        #expect(error.keyPath == "widgets")
        #expect(error.reason.contains("is empty"))
    }
}

/// `rooms`: one room's options over its widgets' own, checked as the widgets are.
@Suite("Per-room configuration")
struct RoomConfigTests {
    func sample(_ rooms: String) -> String {
        ConfigSamples.audience(replacing: "\"widgets\": [", with: "\"rooms\": \(rooms),\n  \"widgets\": [")
    }

    @Test("a room's options replace its widgets' own, in that room only")
    func overrides() throws {
        let config = try ConfigSamples.load(sample(#"{ "101": { "commentList": { "capacity": 9 }, "video": { "file": "v.mp4" } } }"#))
        #expect(config.rooms[101]?["commentList"] == ["capacity": .number(9)])
        let inRoom = try config.makeWidgets(catalog: .standard(), room: 101)
        let elsewhere = try config.makeWidgets(catalog: .standard(), room: 102)
        #expect(inRoom.compactMap { $0 as? VideoPlayerWidget }.first?.file == "v.mp4")
        #expect(elsewhere.compactMap { $0 as? VideoPlayerWidget }.first?.file == nil)
    }

    @Test("a bad room id, an unlisted widget and an option the widget refuses are named with their key path")
    func errors() throws {
        let id = try #require(ConfigSamples.error(sample(#"{ "lobby": { "video": { "file": "v.mp4" } } }"#)))
        #expect(id.keyPath == "rooms.lobby" && id.reason.contains("not a room id"), "\(id)")
        let widget = try #require(ConfigSamples.error(sample(#"{ "101": { "pkBar": { "duration": 30 } } }"#)))
        #expect(widget.keyPath == "rooms.101.pkBar" && widget.reason.contains("do not list"), "\(widget)")
        let option = try #require(ConfigSamples.error(sample(#"{ "101": { "video": { "fil": "v.mp4" } } }"#)))
        #expect(option.description.contains("rooms.101.video") && option.description.contains("fil"), "\(option)")
        let shape = try #require(ConfigSamples.error(sample(#"{ "101": [] }"#)))
        #expect(shape.keyPath == "rooms.101", "\(shape)")
    }
}
