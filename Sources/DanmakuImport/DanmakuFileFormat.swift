/// Which program wrote a danmaku file. All three share Bilibili's `<i><d p="…">` layout;
/// they differ in what else they carry and in the units of prices.
public enum DanmakuFileFormat: String, Sendable, Hashable, CaseIterable {
    /// A video's comments as Bilibili serves them: `<d>` elements only, times into the video.
    case bilibili
    /// A live recording by BililiveRecorder (B站录播姬): `<d>` plus `<gift>`, `<sc>`, `<guard>`,
    /// metadata elements and an embedded XSL stylesheet. Super-chat prices are in yuan and
    /// field 6 of `p` is the sender's decimal user id.
    case bililiveRecorder
    /// A live recording by blrec: like BililiveRecorder's but with a `<metadata>` block, a
    /// `uid` attribute on `<d>`, and prices in gold coins (1,000 to the yuan).
    case blrec

    /// How many bytes from the start of a file `detect` looks at. The markers sit in the
    /// first comment or metadata element, well inside 8 KiB.
    package static let detectionWindow = 8 * 1024

    /// Guesses the format from the first bytes of a file: a BililiveRecorder or blrec marker,
    /// else any `<gift`, `<sc` or `<guard` element (a recording by something else, read as
    /// BililiveRecorder's), else Bilibili.
    ///
    /// - Complexity: O(n) in `prefix.count`, capped at `detectionWindow`.
    package static func detect(_ prefix: some Collection<UInt8>) -> DanmakuFileFormat {
        let window = Array(prefix.prefix(detectionWindow))
        if window.containsBytes("BililiveRecorder") || window.containsBytes("录播姬") {
            return .bililiveRecorder
        }
        if window.containsBytes("<recorder>blrec") || window.containsBytes("blrec v") {
            return .blrec
        }
        for tag in ["<gift ", "<gift\t", "<sc ", "<sc\t", "<guard ", "<guard\t"] where window.containsBytes(tag) {
            return .bililiveRecorder
        }
        return .bilibili
    }
}

extension Array where Element == UInt8 {
    /// Whether the UTF-8 of `needle` occurs in these bytes; naive, for a few KiB only.
    func containsBytes(_ needle: String) -> Bool {
        let pattern = Array(needle.utf8)
        guard !pattern.isEmpty, pattern.count <= count else { return false }
        return withUnsafeBufferPointer { haystack in
            let first = pattern[0]
            var index = 0
            let last = haystack.count - pattern.count
            while index <= last {
                if haystack[index] == first {
                    var matched = 1
                    while matched < pattern.count && haystack[index + matched] == pattern[matched] { matched += 1 }
                    if matched == pattern.count { return true }
                }
                index += 1
            }
            return false
        }
    }
}
