import Foundation
import StudioKit

/// The review page of failed goldens: one self-contained HTML file,
/// `<artifacts>/golden-review.html`, that shows each failure's reference and actual side by
/// side, their difference, a slider and an onion skin, the regions that changed with the
/// widgets under them, and each changed layer's draw items. It is written from the entries
/// a test process keeps in `<artifacts>/golden-review/`, by that process when it ends, or by
/// `studio review` at any time after; so it lives here, beside the other inspection tools,
/// rather than in the test library the command line does not link.
package enum GoldenReviewPage {
    package struct Entry: Codable {
        package struct Region: Codable {
            package var x: Int
            package var y: Int
            package var width: Int
            package var height: Int
            /// The widgets drawn there, topmost first ("name (Type, layer)").
            package var widgets: [String]

            package init(x: Int, y: Int, width: Int, height: Int, widgets: [String]) {
                (self.x, self.y, self.width, self.height, self.widgets) = (x, y, width, height, widgets)
            }
        }
        package struct Layer: Codable {
            package var name: String
            /// "count hash" as recorded beside the golden; nil when nothing was recorded.
            package var reference: String?
            package var actual: String
            package var changed: Bool
            /// The actual draw items, in draw order, each marked when it covers a changed region.
            package var items: [Item]
            package var moreItems: Int

            package init(name: String, reference: String?, actual: String, changed: Bool, items: [Item], moreItems: Int) {
                (self.name, self.reference, self.actual, self.changed) = (name, reference, actual, changed)
                (self.items, self.moreItems) = (items, moreItems)
            }
        }
        package struct Item: Codable {
            package var text: String
            package var underChange: Bool

            package init(text: String, underChange: Bool) { (self.text, self.underChange) = (text, underChange) }
        }
        package var id: String
        package var test: String
        package var name: String
        package var location: String
        package var message: String
        package var reference: Data?
        package var actual: Data
        package var difference: Data?
        package var width: Int
        package var height: Int
        package var differing: Int
        package var regions: [Region]
        package var moreRegions: Int
        package var layers: [Layer]

        package init(
            id: String, test: String, name: String, location: String, message: String, reference: Data?, actual: Data,
            difference: Data?, width: Int, height: Int, differing: Int, regions: [Region], moreRegions: Int, layers: [Layer]
        ) {
            (self.id, self.test, self.name, self.location, self.message) = (id, test, name, location, message)
            (self.reference, self.actual, self.difference) = (reference, actual, difference)
            (self.width, self.height, self.differing) = (width, height, differing)
            (self.regions, self.moreRegions, self.layers) = (regions, moreRegions, layers)
        }
    }

    package static func folder(in artifacts: URL) -> URL { artifacts.appendingPathComponent("golden-review", isDirectory: true) }
    package static func page(in artifacts: URL) -> URL { artifacts.appendingPathComponent("golden-review.html") }

    /// The entries kept in `artifacts`, by file name; an entry that cannot be read is named
    /// in `unreadable` rather than dropped without a word.
    package static func entries(in artifacts: URL) -> (entries: [Entry], unreadable: [String]) {
        let folder = folder(in: artifacts)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
        let decoder = JSONDecoder()
        var entries: [Entry] = [], unreadable: [String] = []
        for name in names {
            let url = folder.appendingPathComponent(name)
            if let entry = try? decoder.decode(Entry.self, from: Data(contentsOf: url)) {
                entries.append(entry)
            } else {
                unreadable.append(url.path)
            }
        }
        return (entries, unreadable)
    }

    /// Writes the page of `artifacts` from its entries; removes it when there are none.
    /// - Returns: the page, or nil when no golden has failed.
    @discardableResult
    package static func write(artifacts: URL) throws -> URL? {
        let page = page(in: artifacts)
        let entries = entries(in: artifacts).entries
        guard !entries.isEmpty else {
            try? FileManager.default.removeItem(at: page)
            try? FileManager.default.removeItem(at: folder(in: artifacts))
            return nil
        }
        try Data(html(entries).utf8).write(to: page, options: .atomic)
        return page
    }
}
