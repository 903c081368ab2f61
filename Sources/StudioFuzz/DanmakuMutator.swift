import StudioKit

/// Danmaku files (Bilibili's XML, BililiveRecorder's and blrec's recordings) mutated knowing
/// their layout: the numbers in `p` and in the recorders' attributes, the fields of `p`,
/// whole elements, end tags, entities, CDATA, encodings, the mode-7 script; and bytes as the
/// other kinds get them.
struct DanmakuMutator {
    /// Mangles a mode-7 comment's JSON array.
    var json: Mutator

    /// How much a mutated file may outgrow its seed. One mutation adds about a megabyte at
    /// most (copies of an element, a mangled mode-7 script), and a few apply; past that the
    /// reader's streaming is all that would be measured.
    static let maxGrowth = 4 << 20

    /// Numbers a `p` field or a recorder's attribute may hold: the fuzzer's edge numbers, NaN
    /// and infinities as the number parser might read them, and text that is almost a number.
    static let numbers =
        EdgeValues.numbers + [
            "NaN", "nan", "-nan", "inf", "-inf", "Infinity", "1e309", "-1e309", "-0", "+0",
            "0x10", "1_000", "1.", ".5", "1e", "--1", "", " ", " 1", "1 ", "1,5", "١٢", "0.000",
        ]
    /// Values for `p`'s mode, size and color fields that are valid somewhere or just past.
    static let modes = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "-1", "4294967297"]
    static let sizes = ["0", "12", "18", "25", "36", "64", "-25", "1000000000", "9223372036854775808"]
    static let colors = ["0", "16777215", "16777216", "4294967295", "4294967296", "-1", "0xFFFFFF", "#ffffff", "18446744073709551616"]
    /// Broken and edge references: past Unicode, NUL, undefined names, surrogates, no semicolon.
    static let entities = [
        "&#xFFFFFFFF;", "&#0;", "&bogus;", "&#xD800;", "&#xDFFF;", "&#x110000;", "&#;", "&#x;", "&amp",
        "&", "&#99999999999999999999;", "&#x1F600;", "&#xFFFE;", "&#9;", "&#1;", "&nbsp;", "&#-1;",
        "&#x0010FFFF;", "&#x00000000000041;", "&lt", "&;", "&&&",
    ]
    /// Bytes that are not UTF-8: a lone continuation, a cut sequence, a surrogate, overlong
    /// and past-Unicode forms, and what UTF-16 text looks like.
    static let invalidUTF8: [[UInt8]] = [
        [0xFF], [0x80], [0xC3], [0xE4, 0xB8], [0xED, 0xA0, 0x80], [0xC0, 0xAF],
        [0xF4, 0x90, 0x80, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80], [0x61, 0x00, 0x62, 0x00], [0xFE, 0xFF],
    ]
    /// A valid mode-7 script, as Bilibili writes one.
    static let script = #"[0.1,0.2,"1-0.5","4.5","高级弹幕\n第二行",30,0,0.8,0.9,1500,250,0,"SimHei",1]"#

    func mutate(_ xml: [UInt8], _ rng: inout SeededRandom) -> [UInt8] {
        var bytes = xml
        for _ in 0..<(rng.chance(0.5) ? 1 : 1 + rng.index(below: 3)) {
            bytes = mutateOnce(bytes, &rng)
        }
        if bytes.count > xml.count + Self.maxGrowth { bytes.removeSubrange((xml.count + Self.maxGrowth)...) }
        // A mutation can land where it changes nothing (a swap of equal elements); the input
        // would then only repeat its seed.
        if bytes == xml {
            if bytes.isEmpty { bytes = [UInt8(ascii: "<")] } else { bytes[rng.index(below: bytes.count)] ^= 0x20 }
        }
        return bytes
    }

    private func mutateOnce(_ bytes: [UInt8], _ rng: inout SeededRandom) -> [UInt8] {
        let spans = DanmakuXMLSpans(bytes)
        guard !spans.elements.isEmpty, rng.chance(0.9) else { return Mutator.mutate(bytes: bytes, &rng) }
        var out = bytes
        let element = rng.pick(spans.elements)
        // Mostly numbers and fields: they reach the checks in order, and the file stays
        // whole around them.
        switch rng.index(below: 24) {
        case 0..<6: replaceNumber(&out, spans, &rng)
        case 6, 7: editFields(&out, spans, &rng)
        case 8: editAttribute(&out, element, &rng)
        case 9:
            // An element cut mid-way, the rest of the file after it.
            let cut = element.range.lowerBound + 1 + rng.index(below: max(1, element.range.count - 1))
            out.removeSubrange(cut..<element.range.upperBound)
        case 10: editEndTag(&out, element, &rng)
        case 11: insert(&out, Array(rng.pick(Self.entities).utf8), into: element, &rng)
        case 12:
            // A CDATA section, comment or instruction that never closes: the rest of the
            // file is inside it.
            let open = rng.pick(["<![CDATA[", "<![CDATA[text]]", "<!--", "<!-- - -", "<?pi ", "<!DOCTYPE i [", "]]>"])
            insert(&out, Array(open.utf8), into: element, &rng)
        case 13: insert(&out, rng.pick(Self.invalidUTF8), into: element, &rng)
        case 14: byteOrderMark(&out, &rng)
        case 15: hugeText(&out, element, &rng)
        case 16: deepNesting(&out, element, &rng)
        case 17: mangleScript(&out, spans, &rng)
        case 18:
            // Many copies: counts, the order the loader sorts, the time a file takes.
            let copy = Array(out[element.range]) + [0x0A]
            let count = min(rng.pick([10, 100, 1000, 5000]), max(1, (1 << 20) / copy.count))
            out.insert(contentsOf: Array([[UInt8]](repeating: copy, count: count).joined()), at: element.range.upperBound)
        case 19:
            let other = rng.pick(spans.elements)
            guard other.range.lowerBound >= element.range.upperBound else { break }
            // Later first: the earlier range stays where it is.
            out.replaceSubrange(other.range, with: bytes[element.range])
            out.replaceSubrange(element.range, with: bytes[other.range])
        case 20:
            // Renamed: a record becomes another kind, an unknown one, or the root.
            let name = rng.pick(["d", "gift", "sc", "guard", "toast", "D", "dd", "i", "x", "metadata", "BililiveRecorderRecordInfo"])
            let start = element.range.lowerBound + 1
            out.replaceSubrange(start..<(start + element.name.utf8.count), with: Array(name.utf8))
        case 21:
            // The element after the root's end, or twice in a row with nothing between.
            out.insert(contentsOf: bytes[element.range], at: rng.chance(0.5) ? out.count : element.range.upperBound)
        default:
            // Damage inside one element only, so the rest still reads.
            out.replaceSubrange(element.range, with: Mutator.mutate(bytes: Array(bytes[element.range]), &rng))
        }
        return out
    }

    // MARK: Numbers and fields

    private func replaceNumber(_ out: inout [UInt8], _ spans: DanmakuXMLSpans, _ rng: inout SeededRandom) {
        let numbers = spans.numbers(out)
        guard !numbers.isEmpty else { return }
        let range = rng.pick(numbers)
        let old = String(decoding: out[range], as: UTF8.self)
        let value: String
        switch rng.index(below: 8) {
        case 0..<4: value = rng.pick(Self.numbers)
        case 4: value = rng.pick(Self.modes)
        case 5: value = rng.pick(rng.chance(0.5) ? Self.sizes : Self.colors)
        default:
            // Stepped off the value that was there: just past a range's end is where checks miss.
            let v = Double(old) ?? 0
            let stepped = rng.pick([v + 1, v - 1, -v, v * 1000, v * 1e12, v / 1e12, v.nextUp, v.nextDown, v + 0.5])
            value = stepped.isFinite ? "\(stepped)" : "1e999"
        }
        out.replaceSubrange(range, with: Array(value.utf8))
    }

    /// `p`'s fields dropped, doubled, emptied or multiplied.
    private func editFields(_ out: inout [UInt8], _ spans: DanmakuXMLSpans, _ rng: inout SeededRandom) {
        guard let p = spans.pValues.isEmpty ? nil : rng.pick(spans.pValues) else { return }
        var fields = DanmakuXMLSpans.fields(out, p).map { Array(out[$0]) }
        let i = rng.index(below: fields.count)
        switch rng.index(below: 6) {
        case 0: fields.remove(at: i)
        case 1: fields.insert(fields[i], at: i)
        case 2: fields[i] = []
        case 3: fields = Array(fields.prefix(rng.index(below: 5)))
        case 4: fields += Array(repeating: Array("0".utf8), count: rng.pick([1, 4, 1000]))
        default: fields.swapAt(i, rng.index(below: fields.count))
        }
        out.replaceSubrange(p, with: Array(fields.joined(separator: [UInt8(ascii: ",")])))
    }

    /// An attribute dropped, doubled, unquoted, given the other quote or a `<`.
    private func editAttribute(_ out: inout [UInt8], _ element: DanmakuXMLSpans.Element, _ rng: inout SeededRandom) {
        guard !element.attributes.isEmpty else {
            out.insert(contentsOf: Array(" ts=\"1\" p=\"1,1,25,0\"".utf8), at: element.tagEnd - 1)
            return
        }
        let attribute = rng.pick(element.attributes)
        let whole = Array(out[attribute.range])
        let value = Array(out[attribute.value])
        switch rng.index(below: 6) {
        case 0: out.removeSubrange(attribute.range)
        case 1: out.insert(contentsOf: [0x20] + whole, at: attribute.range.upperBound)
        case 2: out.replaceSubrange(attribute.range, with: Array("\(attribute.name)=".utf8) + value)
        case 3: out.replaceSubrange(attribute.range, with: Array("\(attribute.name)=\"".utf8) + value + [UInt8(ascii: "'")])
        case 4: out.replaceSubrange(attribute.value, with: value + Array(rng.pick(["<", ">", "\"", "/>", "\n", "\t"]).utf8))
        default: out.replaceSubrange(attribute.range, with: Array("\(attribute.name)".utf8))
        }
    }

    // MARK: Structure

    /// End tags missing, mismatched, cut, or the root's closed early or never.
    private func editEndTag(_ out: inout [UInt8], _ element: DanmakuXMLSpans.Element, _ rng: inout SeededRandom) {
        let root = Array("</i>".utf8)
        switch rng.index(below: 4) {
        case 0, 1:
            guard let end = element.endTag else { return }
            let replacement = rng.pick(["", "</x>", "</gift>", "</d>", "</i>", "</ d>", "</d", "</d >", "<d>", "</D>", "</sc>"])
            out.replaceSubrange(end, with: Array(replacement.utf8))
        case 2:
            // The root's end removed: a recording cut off after a whole element.
            if let last = Self.lastRange(of: root, in: out) { out.removeSubrange(last) }
        default:
            out.insert(contentsOf: root, at: element.range.upperBound)
        }
    }

    /// `piece` somewhere in the element: its text, an attribute value, its name, or a tag.
    private func insert(
        _ out: inout [UInt8], _ piece: [UInt8], into element: DanmakuXMLSpans.Element,
        _ rng: inout SeededRandom
    ) {
        var places = [element.range.lowerBound + 1, element.tagEnd - 1]
        if let content = element.content { places += [content.lowerBound, content.upperBound] }
        for attribute in element.attributes { places += [attribute.value.lowerBound, attribute.value.upperBound] }
        out.insert(contentsOf: piece, at: rng.pick(places))
    }

    /// A byte order mark: UTF-8's, twice, in the middle, or UTF-16's and UTF-32's.
    private func byteOrderMark(_ out: inout [UInt8], _ rng: inout SeededRandom) {
        let marks: [[UInt8]] = [
            [0xEF, 0xBB, 0xBF], [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF], [0xFF, 0xFE], [0xFE, 0xFF],
            [0xFF, 0xFE, 0x00, 0x00], [0xEF, 0xBB],
        ]
        out.insert(contentsOf: rng.pick(marks), at: rng.chance(0.8) ? 0 : rng.index(below: out.count + 1))
    }

    /// Text of 100 KB (over the element limit), 40 KB (over the text limit, under the
    /// element's), or long in characters but short in bytes; or an attribute of 40 KB.
    private func hugeText(_ out: inout [UInt8], _ element: DanmakuXMLSpans.Element, _ rng: inout SeededRandom) {
        let text = rng.pick([
            String(repeating: "a", count: 100 * 1024), String(repeating: "长", count: 14 * 1024),
            String(repeating: "👩‍👩‍👧‍👦", count: 2000), "e" + String(repeating: "\u{301}", count: 5000),
            String(repeating: "&amp;", count: 20 * 1024),
        ])
        if rng.chance(0.7), let content = element.content {
            out.replaceSubrange(content, with: Array(text.utf8))
        } else if let attribute = element.attributes.isEmpty ? nil : rng.pick(element.attributes) {
            out.replaceSubrange(attribute.value, with: Array(text.prefix(40 * 1024).utf8))
        }
    }

    /// Tags inside a record's text (which holds only text), or elements nested at the root,
    /// up to 20,000 deep.
    private func deepNesting(_ out: inout [UInt8], _ element: DanmakuXMLSpans.Element, _ rng: inout SeededRandom) {
        let depth = rng.pick([2, 100, 1000, 20000])
        let name = rng.pick(["b", "d", "i", "x"])
        let nested =
            Array([[UInt8]](repeating: Array("<\(name)>".utf8), count: depth).joined())
            + (rng.chance(0.5) ? Array([[UInt8]](repeating: Array("</\(name)>".utf8), count: depth).joined()) : [])
        out.insert(contentsOf: nested, at: element.content?.lowerBound ?? element.range.upperBound)
    }

    /// A `<d>` made mode 7 with its JSON array mangled (items dropped, wrong types, edge
    /// numbers, nesting), or not JSON at all.
    private func mangleScript(_ out: inout [UInt8], _ spans: DanmakuXMLSpans, _ rng: inout SeededRandom) {
        let ds = spans.elements.filter { $0.name == "d" && $0.content != nil }
        guard let d = ds.isEmpty ? nil : rng.pick(ds), let content = d.content else { return }
        let seed = Array(Self.script.utf8)
        var script = rng.chance(0.9) ? json.mutate(json: seed, &rng) : Array(seed.prefix(rng.index(below: seed.count)))
        // Past the element limit it is skipped whole; more would only be written and read.
        if script.count > 256 * 1024 { script.removeSubrange((256 * 1024)...) }
        // Escaped as a writer escapes text, mostly, so that the script reaches its parser.
        var text: [UInt8] = []
        if rng.chance(0.9) {
            for b in script {
                switch b {
                case UInt8(ascii: "<"): text += Array("&lt;".utf8)
                case UInt8(ascii: "&"): text += Array("&amp;".utf8)
                default: text.append(b)
                }
            }
        } else {
            text = script
        }
        // Content first: it comes after `p`, so `p`'s range still holds.
        out.replaceSubrange(content, with: text)
        if let p = d.attributes.first(where: { $0.name == "p" }) {
            let fields = DanmakuXMLSpans.fields(out, p.value)
            if fields.count > 1 { out.replaceSubrange(fields[1], with: [UInt8(ascii: "7")]) }
        }
    }

    static func lastRange(of needle: [UInt8], in bytes: [UInt8]) -> Range<Int>? {
        guard bytes.count >= needle.count else { return nil }
        var i = bytes.count - needle.count
        while i >= 0 {
            if bytes[i..<(i + needle.count)].elementsEqual(needle) { return i..<(i + needle.count) }
            i -= 1
        }
        return nil
    }
}
