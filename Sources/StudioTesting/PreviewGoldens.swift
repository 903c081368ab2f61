import Foundation
import StudioKit
import StudioSDL
import Studios

/// Every state of `widget` (see `PreviewState`) as a golden named `<widget>.<state>`: the
/// widget alone, run as `studio preview` runs it, cropped to where it shows, on a
/// transparent background. One line pins all the states a widget declares:
///
/// ```swift
/// @Test func badgePreviews() throws { try assertPreviews(of: "studioBadge") }
/// ```
///
/// Every state is compared even when one fails; each that does is its own issue.
/// - Parameters:
///   - catalog: the catalog holding the widget (`.standard + MyWidgets.catalog`).
///   - assets: LiveStudio's Assets (with `previews.json`); found as the tools find it by default.
public func assertPreviews(
    of widget: String, catalog: Catalog = .standard, assets: URL? = nil,
    file: StaticString = #filePath, testName: String = #function, line: UInt = #line
) throws {
    let assets = try assets ?? AssetLocator.locate(say: { _ in })
    let previews = try WidgetPreviews(catalog: catalog, assets: assets)
    let fonts = try FontLibrary()
    let measurer = TTFTextMeasurer(fonts: fonts)
    for state in try previews.states(of: widget) {
        let preview = try previews.run(widget, state: state, measurer: measurer)
        let crop = try OffscreenTarget.widgetCrop(
            frame: preview.frameOnScreen, drawing: try preview.list(), fonts: fonts, assets: assets.path)
        let root = preview.widget, layer = preview.layer
        try compareGolden(
            try preview.list(origin: crop.origin), named: "\(widget).\(state.name)", assets: assets, transparent: true,
            size: crop.size, tolerance: .exact, origin: crop.origin,
            locate: { Golden.widgets(under: $0, roots: [(root, layer)], measurer: measurer) }, file: file, testName: testName,
            line: line)
    }
}
