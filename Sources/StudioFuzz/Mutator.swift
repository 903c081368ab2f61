import StudioKit

extension SeededRandom {
    /// True with probability p.
    mutating func chance(_ p: Double) -> Bool { unit() < p }
}

/// The values that break number and text handling, written as JSON text.
enum EdgeValues {
    /// Numbers at the edges of Int, Int64, Double and the studio's ranges, as JSON numbers.
    static let numbers = [
        "0", "-0", "1", "-1", "0.5", "-0.5", "2", "7", "60", "255", "256", "1000", "65536", "100000",
        "1e308", "-1e308", "1.7976931348623157e308", "1e309", "-1e309", "1e21", "-1e21",
        "9007199254740992", "9007199254740993", "9223372036854775807", "9223372036854775808",
        "-9223372036854775808", "-9223372036854775809", "18446744073709551615", "18446744073709551616",
        "4294967295", "4294967296", "2147483647", "2147483648", "-2147483649",
        "5e-324", "4.9e-324", "2.2250738585072014e-308", "1e-7", "-1e-400", "0.1e1", "1E2", "0e0",
        "123456789012345678901234567890123456789",
    ]
    /// NaN and infinities, bare (not JSON at all) and as strings a lenient reader might convert.
    static let nonFinite = [
        "NaN", "nan", "Infinity", "-Infinity", "inf", "-inf",
        "\"NaN\"", "\"nan\"", "\"inf\"", "\"-inf\"", "\"Infinity\"", "\"1e308\"", "\"0\"", "\"-1\"",
    ]
    /// Number-like text that is not valid JSON.
    static let malformedNumbers = ["01", "1.", ".5", "+1", "1e", "--1", "0x10", "1_000", "1e+", "-"]

    /// Strings that stress text layout, encodings and lookups.
    static func strings(_ rng: inout SeededRandom) -> FuzzJSON {
        switch rng.index(below: 14) {
        case 0: return .string(String(repeating: "a", count: 100 * 1024))
        case 1: return .string(String(repeating: "长", count: rng.pick([10, 1000, 34 * 1024])))
        case 2: return .string(String(repeating: "👩‍👩‍👧‍👦🏳️‍🌈🔥", count: rng.pick([1, 50, 4000])))
        case 3: return .string("e" + String(repeating: "\u{301}", count: rng.pick([10, 5000])))
        case 4:
            return .string(rng.pick(["\u{202E}reversed", "\u{200B}", "\u{FEFF}", "\u{FFFF}", "\u{10FFFF}", "\t\n\r", "\u{0}", "a\u{0}b"]))
        case 5:
            return .raw(
                [0x22]
                    + rng.pick([[0xFF, 0xFE], [0xC3], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xF4, 0x90, 0x80, 0x80], [0x61, 0x80, 0x62]]) + [
                        0x22
                    ])
        case 6: return .raw(Array(rng.pick(["\"\\ud800\"", "\"\\udc00x\"", "\"\\u0000\"", "\"\\x41\"", "\"\\", "\"unterminated"]).utf8))
        case 7: return .string("")
        case 8:
            return .string(
                rng.pick([
                    "%s%n%@", "../../../etc/passwd", "/dev/zero", "studio://room/1?type=pk", "#", "#GGG", "#12345678", "#fff", " ", "null",
                    "true",
                ]))
        case 9: return .string(String(repeating: "word ", count: rng.pick([100, 5000])))
        case 10: return .string(String(repeating: "\n", count: rng.pick([2, 500])))
        default:
            return .string(
                rng.pick([
                    "Yuki", "rocket", "rose", "castle", "drop", "fail", "horizontal", "vertical", "left", "up", "comment", "level",
                    "widget", "options", "pk", "host", "audience", "lite",
                ]))
        }
    }
}

/// Structure-aware mutations: of JSON trees, of JSON Lines files, and of raw bytes. Every
/// choice comes from the generator, so one seed gives the same inputs on every machine.
struct Mutator {
    /// Strings seen in the corpus, the repository's valid inputs (widget names, kinds, gift
    /// names...): swapping one valid value for another reaches deeper than random text.
    var dictionary: [String] = []
    /// Keys seen in the corpus, to add or rename to.
    var keys: [String] = []

    // MARK: JSON trees

    func mutate(tree: FuzzJSON, _ rng: inout SeededRandom) -> FuzzJSON {
        var tree = tree
        // Often one change, so that the file stays valid elsewhere and reaches past the reader.
        let count = rng.chance(0.5) ? 1 : 1 + rng.index(below: 3) + (rng.chance(0.1) ? rng.index(below: 8) : 0)
        for _ in 0..<count {
            tree = mutateOnce(tree, &rng)
        }
        return tree
    }

    private func mutateOnce(_ tree: FuzzJSON, _ rng: inout SeededRandom) -> FuzzJSON {
        var tree = tree
        let paths = tree.allPaths
        // Prefer leaves (numbers and strings carry the values the studio checks).
        let leaves = paths.filter { p in
            switch tree[p] {
            case .number, .string, .bool, .null: return true
            default: return false
            }
        }
        let path = !leaves.isEmpty && rng.chance(0.7) ? rng.pick(leaves) : rng.pick(paths)
        let node = tree[path]
        switch rng.index(below: 20) {
        case 0..<9: tree[path] = replaceValue(node, &rng)
        case 9, 10: tree[path] = wrongType(node, &rng)
        case 11: tree[path] = deepNesting(node, &rng)
        case 12..<16:
            // Edit the container holding the value, or the value itself if it is one.
            if case .object = node {
                tree[path] = editObject(node, &rng)
            } else if case .array = node {
                tree[path] = editArray(node, &rng)
            } else if !path.isEmpty {
                let parent = Array(path.dropLast())
                let container = tree[parent]
                if case .object = container {
                    tree[parent] = editObject(container, &rng)
                } else {
                    tree[parent] = editArray(container, &rng)
                }
            } else {
                tree = wrongType(node, &rng)
            }
        case 16, 17:
            // Copy another value of the same file over this one.
            tree[path] = tree[rng.pick(paths)]
        default:
            tree[path] = .raw(Mutator.mutate(bytes: node.bytes(), &rng))
        }
        return tree
    }

    private func replaceValue(_ node: FuzzJSON, _ rng: inout SeededRandom) -> FuzzJSON {
        switch node {
        case .number(let text):
            switch rng.index(below: 6) {
            case 0, 1: return .number(rng.pick(EdgeValues.numbers))
            case 2: return .raw(Array(rng.pick(EdgeValues.nonFinite).utf8))
            case 3: return .raw(Array(rng.pick(EdgeValues.malformedNumbers).utf8))
            default:
                // Step off a valid value: just past a range's end is where checks miss.
                let v = Double(text) ?? 0
                let stepped = rng.pick([v + 1, v - 1, v * 1000, -v, v + 0.5, v * 1e12, v / 1e12, v.nextUp])
                return .number(stepped.isFinite ? "\(stepped)" : "1e999")
            }
        case .string:
            if !dictionary.isEmpty, rng.chance(0.35) { return .string(rng.pick(dictionary)) }
            return EdgeValues.strings(&rng)
        case .bool(let b): return rng.chance(0.5) ? .bool(!b) : .string(b ? "true" : "false")
        default:
            return rng.chance(0.5) ? .number(rng.pick(EdgeValues.numbers)) : EdgeValues.strings(&rng)
        }
    }

    private func wrongType(_ node: FuzzJSON, _ rng: inout SeededRandom) -> FuzzJSON {
        let key = rng.pick(keys.isEmpty ? ["x"] : keys)
        let choices: [FuzzJSON] = [
            .null, .bool(true), .number("0"), .string(""), .array([]), .object([]), .array([node]),
            .object([FuzzJSON.Member(key: key, value: node)]), .number(rng.pick(EdgeValues.numbers)),
            .string(rng.pick(dictionary.isEmpty ? ["x"] : dictionary)),
        ]
        return rng.pick(choices)
    }

    private func deepNesting(_ node: FuzzJSON, _ rng: inout SeededRandom) -> FuzzJSON {
        let depth = rng.pick([10, 100, 254, 255, 256, 257, 1000, 20000])
        let inner = node.bytes()
        if rng.chance(0.5) {
            return .raw(Array(repeating: UInt8(ascii: "["), count: depth) + inner + Array(repeating: UInt8(ascii: "]"), count: depth))
        }
        let open = Array("{\"a\":".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(depth * 6 + inner.count)
        for _ in 0..<depth { out += open }
        out += inner
        out += Array(repeating: UInt8(ascii: "}"), count: depth)
        return .raw(out)
    }

    private func editObject(_ node: FuzzJSON, _ rng: inout SeededRandom) -> FuzzJSON {
        guard case .object(var members) = node else { return node }
        switch rng.index(below: 6) {
        case 0 where !members.isEmpty: members.remove(at: rng.index(below: members.count))
        case 1 where !members.isEmpty:
            // The same key twice, with the same or another value.
            var copy = members[rng.index(below: members.count)]
            if rng.chance(0.5) { copy.value = replaceValue(copy.value, &rng) }
            members.insert(copy, at: rng.index(below: members.count + 1))
        case 2:
            let key =
                rng.chance(0.7) && !keys.isEmpty
                ? rng.pick(keys) : rng.pick(["unknown", "", "💥", "t ", "T", String(repeating: "k", count: 5000)])
            let value = rng.chance(0.5) ? FuzzJSON.number(rng.pick(EdgeValues.numbers)) : EdgeValues.strings(&rng)
            members.insert(FuzzJSON.Member(key: key, value: value), at: rng.index(below: members.count + 1))
        case 3 where !members.isEmpty && !keys.isEmpty: members[rng.index(below: members.count)].key = rng.pick(keys)
        case 4: members.shuffle(using: &rng)
        default: members.removeAll()
        }
        return .object(members)
    }

    private func editArray(_ node: FuzzJSON, _ rng: inout SeededRandom) -> FuzzJSON {
        guard case .array(var items) = node else { return node }
        switch rng.index(below: 6) {
        case 0 where !items.isEmpty: items.remove(at: rng.index(below: items.count))
        case 1 where !items.isEmpty: items.insert(items[rng.index(below: items.count)], at: rng.index(below: items.count + 1))
        case 2 where !items.isEmpty:
            // Many copies: sizes and counts that grow lists and loops.
            let item = items[rng.index(below: items.count)]
            items += Array(repeating: item, count: Mutator.copies(rng.pick([100, 1000, 5000]), of: item.bytes().count))
        case 3: items.shuffle(using: &rng)
        case 4: items.append(rng.chance(0.5) ? .number(rng.pick(EdgeValues.numbers)) : EdgeValues.strings(&rng))
        default: items.removeAll()
        }
        return .array(items)
    }

    // MARK: Files

    /// A JSON file: structure-aware when it parses, bytes otherwise (and sometimes after).
    func mutate(json: [UInt8], _ rng: inout SeededRandom) -> [UInt8] {
        guard let tree = FuzzJSON.parse(json), rng.chance(0.9) else { return Mutator.mutate(bytes: json, &rng) }
        let out = mutate(tree: tree, &rng).bytes()
        return rng.chance(0.15) ? Mutator.mutate(bytes: out, &rng) : out
    }

    /// A JSON Lines file (scenario or recording): edits lines as JSON, moves whole lines,
    /// and plays with line ends and byte order marks.
    func mutate(jsonLines: [UInt8], _ rng: inout SeededRandom) -> [UInt8] {
        var lines = jsonLines.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        for _ in 0..<(rng.chance(0.5) ? 1 : 1 + rng.index(below: 3)) {
            guard !lines.isEmpty else {
                lines = [[]]
                continue
            }
            let i = rng.index(below: lines.count)
            // Mostly values inside a line: whole-line moves mostly break the time order,
            // which the reader then refuses at once.
            switch rng.index(below: 20) {
            case 0..<12:
                if let tree = FuzzJSON.parse(lines[i]) {
                    lines[i] = mutate(tree: tree, &rng).bytes()
                } else {
                    lines[i] = Mutator.mutate(bytes: lines[i], &rng)
                }
            case 12, 13: lines.remove(at: i)
            case 14: lines.insert(lines[i], at: rng.index(below: lines.count + 1))
            case 15: lines.swapAt(i, rng.index(below: lines.count))
            case 16, 17:
                lines.insert(Array(rng.pick(["", "// comment", "# comment", "\r", "\u{FEFF}", "   ", "{}", "[]", "null"]).utf8), at: i)
            case 18: lines += Array(repeating: lines[i], count: Mutator.copies(rng.pick([100, 2000]), of: lines[i].count))
            default: lines.reverse()
            }
        }
        var out: [UInt8] = []
        let ending: [UInt8] = rng.chance(0.1) ? [0x0D, 0x0A] : rng.chance(0.05) ? [0x0D] : [0x0A]
        if rng.chance(0.03) { out += [0xEF, 0xBB, 0xBF] }
        for (i, line) in lines.enumerated() {
            if i > 0 { out += ending }
            out += line
        }
        return rng.chance(0.1) ? Mutator.mutate(bytes: out, &rng) : out
    }

    /// Copies of a value made by one mutation stay under a few megabytes in all: a long
    /// string copied thousands of times would make inputs of hundreds of megabytes that
    /// only measure the disk.
    static func copies(_ wanted: Int, of size: Int) -> Int { min(wanted, max(1, (4 << 20) / max(1, size))) }

    // MARK: Bytes

    /// Byte-level damage: flips, random and special bytes, cuts, copies and truncation.
    static func mutate(bytes: [UInt8], _ rng: inout SeededRandom) -> [UInt8] {
        var bytes = bytes
        for _ in 0..<(1 + rng.index(below: 4)) {
            guard !bytes.isEmpty else {
                bytes = [UInt8(truncatingIfNeeded: rng.next())]
                continue
            }
            let i = rng.index(below: bytes.count)
            switch rng.index(below: 8) {
            case 0: bytes[i] ^= 1 << UInt8(rng.index(below: 8))
            case 1: bytes[i] = UInt8(truncatingIfNeeded: rng.next())
            case 2: bytes[i] = rng.pick([0x00, 0xFF, 0x7F, 0x80, 0x0A, 0x0D, 0x22, 0x5C, 0x7B, 0x7D, 0x5B, 0x5D, 0x2C, 0x3A, 0x2D, 0x30])
            case 3: bytes.insert(contentsOf: (0..<(1 + rng.index(below: 16))).map { _ in UInt8(truncatingIfNeeded: rng.next()) }, at: i)
            case 4: bytes.removeSubrange(i..<min(bytes.count, i + 1 + rng.index(below: 64)))
            case 5:
                let end = min(bytes.count, i + 1 + rng.index(below: 256))
                bytes.insert(contentsOf: bytes[i..<end], at: rng.index(below: bytes.count + 1))
            case 6: bytes.removeSubrange(i...)
            default: bytes.swapAt(i, rng.index(below: bytes.count))
            }
        }
        return bytes
    }
}
