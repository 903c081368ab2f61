import Foundation
import StudioDomain
import StudioFeed
import StudioKit
import StudioWidgets
import Studios
import Testing

/// A valid audience configuration, one key per line so that tests can name lines, and
/// helpers that load variants of it and check the errors they give.
package enum ConfigSamples {
    /// Line numbers are part of the tests: keep them.
    package static let audience = """
        {
          "kind": "audience",
          "title": "Live",
          "gestures": { "vertical": "switchRoom", "horizontal": "toggleLite" },
          "conceal": [230],
          "docker": ["comment", "share", "gift", "like"],
          "feed": { "comments": 3, "keepAlive": true },
          "widgets": [
            { "widget": "cover" },
            { "widget": "video" },
            { "widget": "hostInfo" },
            { "widget": "activityIcon", "options": { "title": "Lucky Box" } },
            { "widget": "commentList", "level": 250, "options": { "capacity": 5 } },
            { "widget": "docker" },
            { "widget": "toast" }
          ]
        }
        """

    package static var loader: StudioConfigLoader { StudioConfigLoader() }

    /// `audience` with `old` replaced by `new` (which must occur).
    package static func audience(replacing old: String, with new: String) -> String {
        precondition(audience.contains(old), "the sample has no '\(old)'")
        return audience.replacingOccurrences(of: old, with: new)
    }

    package static func load(_ text: String, file: String = "audience.json") throws(ConfigError) -> StudioConfig {
        try loader.load(bytes: Array(text.utf8), file: file)
    }

    /// Loads `text` expecting a `ConfigError`; fails the test when it loads.
    package static func error(
        _ text: String, file: String = "audience.json",
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> ConfigError? {
        do {
            _ = try load(text, file: file)
            Issue.record("expected a configuration error", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }
}
