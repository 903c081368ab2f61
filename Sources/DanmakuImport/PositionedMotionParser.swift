/// Reads the JSON array of a mode-7 danmaku into a `PositionedMotion` and its display text.
///
/// Layout (as the open-source players that draw these read it; Bilibili does not document it):
/// `0` x, `1` y, `2` "alphaFrom-alphaTo", `3` duration in seconds, `4` text, `5` rotateZ and
/// `6` rotateY in degrees, `7` end x, `8` end y, `9` move duration in ms, `10` delay in ms,
/// `11` stroke, `12` font, `13` linear easing, `14` a motion path (`M x,y L x,y …`).
/// Only 0–4 are required; numbers may be JSON numbers or strings.
enum PositionedMotionParser {
    /// The most points a path keeps; the rest are cut, as a bad point cuts it.
    static let maxPathPoints = 2_000
    /// The largest coordinate a path point may have: Bilibili's player is under 1,000
    /// pixels a side, and a point far outside it is a corrupt script.
    static let maxPathCoordinate = 100_000.0

    enum Value: Equatable {
        case number(Double)
        case string(String)
        case other
    }

    /// The motion and the text to show, and whether its path was cut at a bad point (or
    /// after `maxPathPoints`); or a sentence saying what is wrong.
    static func parse(_ json: String) -> Result<(PositionedMotion, String, pathCut: Bool), MotionError> {
        guard let values = array(json) else { return .failure(MotionError("its text is not a JSON array")) }
        guard values.count >= 5 else {
            return .failure(MotionError("its script has \(values.count) items; expected at least x, y, alpha, duration, text"))
        }
        func number(_ index: Int) -> Double? {
            guard index < values.count else { return nil }
            switch values[index] {
            case .number(let value): return value.isFinite ? value : nil
            case .string(let text):
                let trimmed = text.trimmingSpaces
                if trimmed.isEmpty { return nil }
                return Double(trimmed).flatMap { $0.isFinite ? $0 : nil }
            case .other: return nil
            }
        }
        guard let x = number(0), let y = number(1) else {
            return .failure(MotionError("its script's x or y is not a number"))
        }
        guard case .string(let text) = values[4] else { return .failure(MotionError("its script's item 4 is not the text")) }
        var alphaFrom = 1.0
        var alphaTo = 1.0
        switch values[2] {
        case .number(let value):
            alphaFrom = value
            alphaTo = value
        case .string(let text):
            let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { Double(String($0).trimmingSpaces) }
            if let from = parts.first ?? nil {
                alphaFrom = from
                alphaTo = from
            }
            if parts.count > 1, let to = parts[1] { alphaTo = to }
        case .other: break
        }
        guard alphaFrom.isFinite, alphaTo.isFinite else { return .failure(MotionError("its script's alpha is not a number")) }
        let duration = number(3) ?? 4.5
        var start = PositionedMotion.Point(x: x, y: y)
        var end = PositionedMotion.Point(x: number(7) ?? x, y: number(8) ?? y)
        var path: [PositionedMotion.Point] = []
        var pathCut = false
        if values.count > 14, case .string(let text) = values[14] {
            (path, pathCut) = Self.path(text)
            // A path of one point is no motion; of none, no path at all (`start` and `end` hold).
            if path.count < 2 {
                path = []
            } else {
                start = path[0]
                end = path[path.count - 1]
            }
        }
        let coordinates: PositionedMotion.Coordinates =
            ([start, end] + path).allSatisfy { $0.x <= 1 && $0.y <= 1 } ? .fractionOfScreen : .pixels
        let motion = PositionedMotion(
            start: start, end: end, coordinates: coordinates,
            alphaFrom: min(max(alphaFrom, 0), 1), alphaTo: min(max(alphaTo, 0), 1),
            duration: max(0, duration),
            moveDuration: max(0, (number(9) ?? 0) / 1000), moveDelay: max(0, (number(10) ?? 0) / 1000),
            rotationZ: number(5) ?? 0, rotationY: number(6) ?? 0, path: path)
        return .success((motion, text, pathCut))
    }

    /// The points of a motion path `M x,y L x,y …` (either case, spaces anywhere), up to the
    /// first that is not two finite numbers within `maxPathCoordinate`, and at most
    /// `maxPathPoints`; `cut` when anything was left.
    static func path(_ text: String) -> (points: [PositionedMotion.Point], cut: Bool) {
        var rest = Substring(text).drop { $0 == " " }
        guard let first = rest.first, first == "M" || first == "m" else { return ([], !rest.isEmpty) }
        rest = rest.dropFirst()
        var points: [PositionedMotion.Point] = []
        let parts = rest.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "L" || $0 == "l" })
        for (i, part) in parts.enumerated() {
            guard i < maxPathPoints else { return (points, true) }
            let xy = part.split(separator: ",", omittingEmptySubsequences: false)
            guard xy.count == 2, let x = Double(String(xy[0]).trimmingSpaces), let y = Double(String(xy[1]).trimmingSpaces),
                x.isFinite, y.isFinite, abs(x) <= maxPathCoordinate, abs(y) <= maxPathCoordinate
            else { return (points, true) }
            points.append(.init(x: x, y: y))
        }
        return (points, false)
    }

    struct MotionError: Error, Equatable {
        var message: String
        init(_ message: String) { self.message = message }
    }

    /// The top-level items of a JSON array; nested arrays and objects become `.other`.
    static func array(_ json: String) -> [Value]? {
        var parser = Parser(bytes: Array(json.utf8))
        return parser.topLevelArray()
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        mutating func skipSpace() {
            while index < bytes.count && XMLBytes.isWhitespace(bytes[index]) { index += 1 }
        }

        mutating func topLevelArray() -> [Value]? {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { return nil }
            index += 1
            var values: [Value] = []
            skipSpace()
            if index < bytes.count && bytes[index] == UInt8(ascii: "]") { return values }
            while true {
                skipSpace()
                guard let value = value() else { return nil }
                values.append(value)
                skipSpace()
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                if bytes[index] == UInt8(ascii: "]") { return values }
                return nil
            }
        }

        mutating func value() -> Value? {
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "\""): return string().map(Value.string)
            case UInt8(ascii: "["), UInt8(ascii: "{"): return skipNested() ? .other : nil
            case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                while index < bytes.count && bytes[index] >= UInt8(ascii: "a") && bytes[index] <= UInt8(ascii: "z") { index += 1 }
                return .other
            default:
                let start = index
                while index < bytes.count && !XMLBytes.isWhitespace(bytes[index])
                    && bytes[index] != UInt8(ascii: ",") && bytes[index] != UInt8(ascii: "]")
                { index += 1 }
                let number = bytes.withUnsafeBufferPointer {
                    DanmakuNumberParser.double($0.baseAddress!, from: start, to: index)
                }
                return number.map(Value.number)
            }
        }

        mutating func string() -> String? {
            index += 1
            var scalars = String.UnicodeScalarView()
            var run: [UInt8] = []
            func flush() {
                if !run.isEmpty {
                    scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
                    run.removeAll()
                }
            }
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    index += 1
                    flush()
                    return String(scalars)
                }
                if byte != UInt8(ascii: "\\") {
                    run.append(byte)
                    index += 1
                    continue
                }
                flush()
                index += 1
                guard index < bytes.count else { return nil }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "b"): scalars.append("\u{8}")
                case UInt8(ascii: "f"): scalars.append("\u{C}")
                case UInt8(ascii: "u"):
                    guard let high = hex4() else { return nil }
                    if (0xD800...0xDBFF).contains(high) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                            return nil
                        }
                        index += 2
                        guard let low = hex4(), (0xDC00...0xDFFF).contains(low) else { return nil }
                        guard let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) else { return nil }
                        scalars.append(scalar)
                    } else {
                        guard let scalar = Unicode.Scalar(high) else { return nil }
                        scalars.append(scalar)
                    }
                default: scalars.append(Unicode.Scalar(escape))
                }
            }
            return nil
        }

        mutating func hex4() -> UInt32? {
            guard index + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard let digit = Character(Unicode.Scalar(bytes[index])).hexDigitValue else { return nil }
                value = value * 16 + UInt32(digit)
                index += 1
            }
            return value
        }

        mutating func skipNested() -> Bool {
            var depth = 0
            var inString = false
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if inString {
                    if byte == UInt8(ascii: "\\") { index += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    depth -= 1
                    if depth == 0 { return true }
                default: break
                }
            }
            return false
        }
    }
}

extension String {
    /// Without leading and trailing spaces (ASCII only; Foundation-free).
    var trimmingSpaces: String {
        var slice = Substring(self)
        while slice.first == " " { slice.removeFirst() }
        while slice.last == " " { slice.removeLast() }
        return String(slice)
    }
}
