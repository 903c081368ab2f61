import StudioDomain
import StudioKit

/// What makes two comments the same for merging: their text and mode (a top "666" and a
/// scrolling one are shown apart).
struct DanmakuMergeKey: Hashable {
    var text: String
    var mode: DanmakuMode

    init(_ item: DanmakuItem) {
        text = item.text
        mode = item.mode
    }
}
