import Foundation
import StudioDomain
import StudioFeed
import StudioKit
import StudioWidgets
import Studios
import Testing

/// The shipped audience room with primitive entries added to its widgets (after the toast,
/// the last entry), loaded through the configuration loader and driven by hand.
package enum PrimitiveRoom {
    package static let shipped: String = {
        let path = ConfiguredStudioFixture.studiosFolder + "/audience.json"
        return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }()
    package static let lastEntry = "{ \"widget\": \"toast\", \"level\": 480 }"
    /// The index the first added entry gets in `widgets`.
    package static let firstAddedIndex = shipped.components(separatedBy: "{ \"widget\": ").count - 1

    /// The configuration's text with `entries` (JSON objects, comma-separated) added.
    package static func text(adding entries: String, removing removed: String? = nil) -> String {
        precondition(shipped.contains(lastEntry), "the shipped audience room no longer ends with the toast")
        var text = shipped.replacingOccurrences(of: lastEntry, with: lastEntry + ",\n" + entries)
        if let removed { text = text.replacingOccurrences(of: removed, with: "") }
        return text
    }

    package static func load(adding entries: String, removing removed: String? = nil) throws -> StudioConfig {
        try StudioConfigLoader().load(bytes: Array(text(adding: entries, removing: removed).utf8), file: "audience.json")
    }

    /// The room, loaded and attached.
    package static func fixture(adding entries: String) throws -> ConfiguredStudioFixture {
        try ConfiguredStudioFixture(config: try load(adding: entries))
    }

    /// The loader's error for the room with `entries`; records an issue when it loads.
    package static func error(
        adding entries: String, removing removed: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> ConfigError? {
        do {
            _ = try load(adding: entries, removing: removed)
            Issue.record("expected a configuration error", sourceLocation: sourceLocation)
            return nil
        } catch let error as ConfigError {
            return error
        } catch {
            Issue.record("not a ConfigError: \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }

    /// What `widget` alone draws (not its children), in its own coordinates.
    package static func commands(of widget: Widget) -> [DrawCommand] {
        let canvas = Canvas(measurer: ApproximateTextMeasurer())
        widget.draw(in: canvas)
        return canvas.list.items.map(\.command)
    }
}
