import StudioDomain
import StudioKit

extension FeedRates {
    /// Reads feed rates from a configuration object such as
    /// `{"preset": "live", "comments": 3, "keepAlive": true}`. Keys left out keep the
    /// preset's value (`preset` names one of `presets`; without it, `defaults`).
    ///
    /// - Throws: `ConfigError` naming `file` and the key path (`keyPath.comments`) for an
    ///   unknown key (listing the valid ones), an unknown preset, or a value that is not a
    ///   number in 0...`maximumRate` (not a boolean, not a whole number >= 0 for `initialOnline`).
    package static func parse(
        _ values: [String: JSONValue], file: String, keyPath: String,
        defaults: FeedRates = .live
    ) throws -> FeedRates {
        // WidgetOptions already reads typed values with key-path errors and reports unknown
        // keys; feed rates are one more object of a configuration file.
        let options = WidgetOptions(file: file, keyPath: keyPath, values: values)
        let presetNames = presets.keys.sorted()
        var rates = defaults
        if values["preset"] != nil {
            let name = try options.choice("preset", default: "live", allowed: presetNames)
            rates = presets[name] ?? defaults
        } else {
            // Read anyway so that an unknown-key error lists `preset` among the valid keys.
            _ = try options.string("preset", default: "")
        }
        let range = 0...maximumRate
        rates.comments = try options.double("comments", default: rates.comments, in: range)
        rates.gifts = try options.double("gifts", default: rates.gifts, in: range)
        rates.likes = try options.double("likes", default: rates.likes, in: range)
        rates.enters = try options.double("enters", default: rates.enters, in: range)
        rates.leaves = try options.double("leaves", default: rates.leaves, in: range)
        rates.rankChanges = try options.double("rankChanges", default: rates.rankChanges, in: range)
        rates.pkUpdates = try options.double("pkUpdates", default: rates.pkUpdates, in: range)
        rates.priceTicks = try options.double("priceTicks", default: rates.priceTicks, in: range)
        rates.keepAlive = try options.bool("keepAlive", default: rates.keepAlive)
        // The range applies to a given value only; the default marks the key as known.
        let online = try options.int("initialOnline", default: -1, in: 0...1_000_000_000_000)
        if values["initialOnline"] != nil { rates.initialOnline = online }
        try options.finish()
        return rates
    }
}
