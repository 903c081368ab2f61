/// How Bilibili's danmaku files write a line break inside a comment, read as players read it.
///
/// The site's comment box turns Enter into the two characters `/n`, and older clients wrote
/// a backslash and `n`; both are in files of every age, in scrolling, top, bottom and
/// positioned (mode 7) comments alike. A positioned comment's art (a picture built from
/// lines of block characters) depends on them. The web players (CommentCoreLibrary,
/// DanmakuFlameMaster, danmaku2ass) break the line at each, and at a real line feed or CR
/// LF; LiveStudio does the same, so a comment's text holds `\n` wherever the file meant a
/// new line. Line breaks at the very end make no line of their own, as in the players.
enum DanmakuLineBreaks {
    /// `text` with `/n`, a backslash and `n`, CR LF and CR turned into line feeds, and
    /// those at the end dropped. Returns `text` itself when it has none of them.
    static func apply(_ text: String) -> String {
        let utf8 = text.utf8
        guard utf8.contains(where: { $0 == UInt8(ascii: "n") || $0 == 0x0D || $0 == 0x0A }) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count)
        var bytes = utf8.makeIterator()
        var pending = bytes.next()
        while let byte = pending {
            pending = bytes.next()
            if (byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\\")) && pending == UInt8(ascii: "n") {
                out.append(0x0A)
                pending = bytes.next()
            } else if byte == 0x0D {
                out.append(0x0A)
                if pending == 0x0A { pending = bytes.next() }
            } else {
                out.append(byte)
            }
        }
        while out.last == 0x0A { out.removeLast() }
        return String(decoding: out, as: UTF8.self)
    }
}
