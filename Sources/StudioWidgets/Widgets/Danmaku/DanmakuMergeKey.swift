import StudioDomain
import StudioKit

/// What makes two comments the same for merging: their text and mode (a top "666" and a
/// scrolling one are shown apart), and whose they are: the viewer's own comment is never
/// folded into another's "×N", so it shows as theirs.
///
/// The text's hash is taken once, when the key is made: a busy room's comments are looked up
/// in several tables each (waiting, newest waiting, on screen), and hashing a CJK string
/// means normalizing it, which costs far more than the lookup. Equal texts have equal
/// hashes, so equality and hashing agree as `Hashable` asks.
struct DanmakuMergeKey: Hashable {
    let text: String
    let mode: DanmakuMode
    let isOwn: Bool
    private let textHash: Int

    init(_ item: DanmakuItem) {
        text = item.text
        mode = item.mode
        isOwn = item.isOwn
        textHash = item.text.hashValue
    }

    static func == (a: Self, b: Self) -> Bool { a.textHash == b.textHash && a.mode == b.mode && a.isOwn == b.isOwn && a.text == b.text }

    func hash(into hasher: inout Hasher) {
        hasher.combine(textHash)
        hasher.combine(mode)
    }
}
