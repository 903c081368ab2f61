import ArgumentParser
import Studios

/// The viewer's danmaku settings as flags, as Bilibili's and DanmakuFlameMaster's players
/// offer them; given ones override every room's configuration for the whole session (the
/// settings sheet in the room changes them further). `studio run`, `snapshot`, `dump` and
/// `bench` take them.
struct DanmakuOptions: ParsableArguments {
    @Option(name: .customLong("danmaku-opacity"), help: "Danmaku opacity, 0.1 to 1.")
    var opacity: String?
    @Option(name: .customLong("danmaku-area"), help: "Display area: quarter, half, threeQuarters or full (also 1/4, 1/2, 3/4).")
    var area: String?
    @Option(name: .customLong("danmaku-speed"), help: "Speed factor, 0.5 to 2 (or slow, normal, fast).")
    var speed: String?
    @Option(name: .customLong("danmaku-scale"), help: "Font scale, 0.5 to 2 (or small, normal, large).")
    var scale: String?
    @Option(
        name: .customLong("danmaku-hide"),
        help: "Hide modes and colored danmaku: a comma list of scroll, top, bottom, reverse, positioned, colored.")
    var hide: String?
    @Option(name: .customLong("danmaku-block"), help: "Block danmaku containing this keyword (repeatable; case-insensitive).")
    var keywords: [String] = []
    @Option(name: .customLong("danmaku-block-regex"), help: "Block danmaku matching this regular expression (repeatable).")
    var patterns: [String] = []
    @Option(name: .customLong("danmaku-block-user"), help: "Block this user's danmaku (repeatable).")
    var users: [String] = []
    @Flag(name: .customLong("danmaku-merge"), help: "Merge duplicates into one (\"666 ×12\").")
    var merge = false
    @Option(name: .customLong("danmaku-density"), help: "The most danmaku on screen: a number, or few, normal, many (no cap).")
    var density: String?

    /// True when any flag was given.
    var isGiven: Bool {
        [opacity, area, speed, scale, hide, density].contains { $0 != nil } || merge
            || !keywords.isEmpty || !patterns.isEmpty || !users.isEmpty
    }

    func validate() throws { _ = try settings() }

    /// The settings the flags give over the defaults, nil when none was given.
    /// - Throws: `ValidationError` naming the flag and what it takes (a pattern that does not
    ///   compile is named with the reason).
    func settings() throws -> DanmakuSettings? {
        guard isGiven else { return nil }
        var s = DanmakuSettings()
        func flag<T>(_ name: String, _ body: () throws(DanmakuSettingsError) -> T) throws -> T {
            do { return try body() } catch { throw ValidationError("--danmaku-\(name): \(error)") }
        }
        if let opacity { s.opacity = try flag("opacity") { () throws(DanmakuSettingsError) in try DanmakuSettings.parseOpacity(opacity) } }
        if let area { s.area = try flag("area") { () throws(DanmakuSettingsError) in try DanmakuSettings.parseArea(area) } }
        if let speed { s.speed = try flag("speed") { () throws(DanmakuSettingsError) in try DanmakuSettings.parseSpeed(speed) } }
        if let scale { s.fontScale = try flag("scale") { () throws(DanmakuSettingsError) in try DanmakuSettings.parseScale(scale) } }
        if let hide {
            let hidden = try flag("hide") { () throws(DanmakuSettingsError) in try DanmakuSettings.parseHidden(hide) }
            s.hiddenModes = hidden.modes
            s.hidesColored = hidden.colored
        }
        for keyword in keywords { try flag("block") { () throws(DanmakuSettingsError) in try s.blockList.block(keyword: keyword) } }
        for pattern in patterns { try flag("block-regex") { () throws(DanmakuSettingsError) in try s.blockList.block(pattern: pattern) } }
        for user in users { try flag("block-user") { () throws(DanmakuSettingsError) in try s.blockList.block(user: user) } }
        s.mergesDuplicates = merge
        if let density {
            s.densityCap = try flag("density") { () throws(DanmakuSettingsError) in try DanmakuSettings.parseDensity(density) }
        }
        return s
    }
}
