import StudioFoundation

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

    /// The top-level items of a JSON array; nested arrays and objects, booleans and null
    /// become `.other`. Nil when the text is not a JSON array, or an item that looks like a
    /// number is not a decimal one.
    static func array(_ json: String) -> [Value]? {
        guard case .array(let items)? = JSONTree<Never>.parse(json.utf8) else { return nil }
        var values: [Value] = []
        values.reserveCapacity(items.count)
        for item in items {
            switch item {
            case .string(let text): values.append(.string(text))
            case .number(let text):
                let bytes = Array(text.utf8)
                let number = bytes.withUnsafeBufferPointer {
                    DanmakuNumberParser.double($0.baseAddress!, from: 0, to: bytes.count)
                }
                guard let number else { return nil }
                values.append(.number(number))
            default: values.append(.other)
            }
        }
        return values
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
