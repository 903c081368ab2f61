extension String {
    /// The longest prefix of whole characters whose UTF-8 fits in `maxBytes`.
    ///
    /// Cutting at a byte count could split an emoji or a CJK character (or an emoji's
    /// skin-tone modifier from its base); cutting between characters keeps the text valid
    /// and shows no half glyphs.
    ///
    /// - Complexity: O(n) in the prefix kept.
    func prefix(utf8Bytes maxBytes: Int) -> String {
        guard utf8.count > maxBytes else { return self }
        var kept = 0
        var end = startIndex
        for index in indices {
            let next = self.index(after: index)
            let size = utf8.distance(from: index, to: next)
            if kept + size > maxBytes { break }
            kept += size
            end = next
        }
        return String(self[..<end])
    }
}
