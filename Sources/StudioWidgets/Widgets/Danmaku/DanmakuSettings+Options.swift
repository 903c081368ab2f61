import StudioDomain
import StudioKit

extension DanmakuSettings {
    /// The keys a configuration gives settings with.
    static let optionKeys = [
        "opacity", "area", "speed", "scale", "hide", "block", "blockRegex", "blockUser",
        "merge", "mergeWindow", "density",
    ]

    /// Reads the settings a danmaku entry starts its room with, flat in its options or in a
    /// `settings` object (not both): `opacity` (0.1...1), `area` (quarter, half,
    /// threeQuarters, full), `speed` (0.5...2), `scale` (0.5...2), `hide` (modes and
    /// "colored"), `block`, `blockRegex`, `blockUser` (arrays of strings), `merge` (true or
    /// false), `mergeWindow` (1...60 s), `density` (1...2000, or few, normal, many). Unknown
    /// keys in `settings` are errors, as every option is.
    /// - Throws: `ConfigError` naming the key, with the setting's own reason.
    static func read(from options: WidgetOptions) throws -> DanmakuSettings {
        let nested = try options.object("settings")
        if nested != nil, let flat = optionKeys.first(where: { options.has($0) }) {
            throw options.error(flat, "is a setting, and this entry also has a settings object; give the settings in one place")
        }
        let source = nested ?? options
        var s = DanmakuSettings()
        s.opacity = try source.double("opacity", default: s.opacity, in: opacityRange)
        s.area = try parsing(source, "area") { try parseArea($0) } ?? s.area
        s.speed = try source.double("speed", default: s.speed, in: speedRange)
        s.fontScale = try source.double("scale", default: s.fontScale, in: fontScaleRange)
        let hidden = try parsing(source, "hide") { try parseHidden($0) }
        s.hiddenModes = hidden?.modes ?? []
        s.hidesColored = hidden?.colored ?? false
        for (i, word) in try source.strings("block", default: []).enumerated() {
            do { try s.blockList.block(keyword: word) } catch { throw source.error("block[\(i)]", error.description) }
        }
        for (i, pattern) in try source.strings("blockRegex", default: []).enumerated() {
            do { try s.blockList.block(pattern: pattern) } catch { throw source.error("blockRegex[\(i)]", error.description) }
        }
        for (i, user) in try source.strings("blockUser", default: []).enumerated() {
            do { try s.blockList.block(user: user) } catch { throw source.error("blockUser[\(i)]", error.description) }
        }
        s.mergesDuplicates = try source.bool("merge", default: s.mergesDuplicates)
        s.mergeWindow = try source.double("mergeWindow", default: s.mergeWindow, in: mergeWindowRange)
        if !source.has("density") {
            _ = try source.int("density", default: 0)
        } else if let number = try? source.int("density", default: 0) {
            guard densityRange.contains(number) else {
                throw source.error(
                    "density",
                    "must be a whole number from 1 to 2000, or one of "
                        + densities.map(\.name).joined(separator: ", ") + " (got \(number))")
            }
            s.densityCap = number
        } else {
            s.densityCap = try parsing(source, "density") { try parseDensity($0) } ?? nil
        }
        try nested?.finish()
        return s
    }

    /// Reads `key` as a string (or a list of strings, joined by commas) through `parse`,
    /// turning a `DanmakuSettingsError` into a `ConfigError` at the key.
    private static func parsing<T>(
        _ options: WidgetOptions, _ key: String,
        _ parse: (String) throws -> T
    ) throws -> T? {
        guard options.has(key) else {
            _ = try? options.string(key, default: "")
            return nil
        }
        let text: String
        if let list = try? options.strings(key, default: []) {
            text = list.joined(separator: ",")
        } else {
            text = try options.string(key, default: "")
        }
        do {
            return try parse(text)
        } catch let error as DanmakuSettingsError {
            throw options.error(key, error.reason)
        }
    }
}
