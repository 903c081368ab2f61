import Foundation
import StudioKit
import Studios

// 0.9.0's spelling of a scene's catalog, kept so that a package written for it still
// compiles, with a warning naming the new spelling. It goes in 1.0.

extension StudioScene {
    @available(*, deprecated, renamed: "init(_:catalog:assets:measurer:)")
    public convenience init(_ spec: SceneSpec, catalogue: Catalog, assets: URL, measurer: TextMeasurer) throws {
        try self.init(spec, catalog: catalogue, assets: assets, measurer: measurer)
    }
}
