import Foundation
import StudioAppCore
import StudioKit
import Studios

// 0.9.0's spellings of a test's scene, kept so that a package written for it still
// compiles, with a warning naming the new spelling. They go in 1.0.

extension StudioScene {
    /// 0.9.0's scene, with `catalogue:`; a literal kind still reads as it did.
    @available(*, deprecated, renamed: "init(kind:catalog:assets:frames:mode:scenario:seed:)")
    public convenience init(
        kind: String, catalogue: Catalog, assets: URL? = nil, frames: Int = 90,
        mode: SceneMode = .normal, scenario: String? = nil, seed: UInt64 = 1
    ) throws {
        try self.init(
            kind: RoomKind(kind), catalog: catalogue, assets: assets, frames: frames, mode: mode, scenario: scenario,
            seed: seed)
    }

    /// 0.9.0's scene of a kind named by a `String` variable; a kind is a `RoomKind`.
    @available(*, deprecated, message: "pass the kind as a RoomKind: RoomKind(name), or declare `static let kind: RoomKind`")
    @_disfavoredOverload
    public convenience init(
        kind: String, catalog: Catalog = .standard, assets: URL? = nil, frames: Int = 90,
        mode: SceneMode = .normal, scenario: String? = nil, seed: UInt64 = 1
    ) throws {
        try self.init(
            kind: RoomKind(kind), catalog: catalog, assets: assets, frames: frames, mode: mode, scenario: scenario,
            seed: seed)
    }
}
