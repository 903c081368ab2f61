import Foundation
import StudioAppCore
import StudioInspection
import StudioKit
import StudioTesting
import Studios

/// The scenes goldens show: `StudioScene`, the same runner `studio snapshot` uses (`make
/// goldens-identical` compares the two byte for byte).
enum GoldenScene {
    static let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Assets")
    /// Frames every golden runs: 1.5 s of simulated time, enough for lite mode to settle.
    static let frames = 90

    /// Studio `kind` after `frames` frames, in lite mode when `lite`, fed `recording`, with
    /// the images and configurations of `assets`.
    static func run(
        kind: RoomKind, lite: Bool = false, frames: Int = GoldenScene.frames,
        recording: [RecordedInput] = [], assets: URL = GoldenScene.assets
    ) throws -> StudioScene {
        if recording.isEmpty {
            return try StudioScene(kind: kind, assets: assets, frames: frames, mode: lite ? .lite : .normal)
        }
        let spec = SceneSpec(kind: kind, frames: frames, mode: lite ? .lite : .normal, replay: recording)
        return try StudioScene(spec, assets: assets, measurer: Golden.measurer())
    }
}
