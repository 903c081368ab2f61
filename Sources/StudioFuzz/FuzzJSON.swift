import StudioKit

/// JSON as the fuzzer edits it: the package's ordered tree (a key may appear twice, which the
/// studio's strict reader must refuse; numbers keep their text), with holes of raw bytes, so
/// a mutation can write what no JSON library would: bare `NaN`, a string with bytes that are
/// not UTF-8, a number with 400 digits.
typealias FuzzJSON = JSONTree<[UInt8]>

extension JSONTree where Hole == [UInt8] {
    /// Bytes written as they are.
    static func raw(_ bytes: [UInt8]) -> FuzzJSON { .hole(bytes) }

    /// Compact JSON text, raw bytes as they are.
    func bytes() -> [UInt8] {
        var out: [UInt8] = []
        write(into: &out) { raw, out in out += raw }
        return out
    }
}
