/// Reads numbers straight from the file's bytes, without making a String per field.
///
/// Decimal numbers of up to 15 significant digits with a power of ten up to 22 (every time
/// a recorder writes) take Clinger's fast path, which is exact: the integer and the power
/// of ten are both exact doubles, and one IEEE division or multiplication rounds correctly.
/// Anything longer falls back to the standard library's parser. Only the decimal grammar
/// is accepted, so "nan", "inf" and hex floats never reach that fallback.
enum DanmakuNumberParser {
    private static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// A decimal number such as `12.5`, `-3`, `1e3`; nil when the bytes are not one.
    /// May return an infinity (for 1e309); callers reject non-finite values themselves.
    static func double(_ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Double? {
        var (start, end) = trimmed(bytes, start, end)
        guard start < end else { return nil }
        let textStart = start
        var negative = false
        if bytes[start] == UInt8(ascii: "-") || bytes[start] == UInt8(ascii: "+") {
            negative = bytes[start] == UInt8(ascii: "-")
            start += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var significant = 0
        var exponent = 0
        var index = start
        while index < end, let digit = digit(bytes[index]) {
            if significant > 0 || digit != 0 { significant += 1 }
            if significant <= 19 { mantissa = mantissa &* 10 &+ UInt64(digit) } else { exponent += 1 }
            digits += 1
            index += 1
        }
        if index < end && bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < end, let digit = digit(bytes[index]) {
                if significant > 0 || digit != 0 { significant += 1 }
                if significant <= 19 {
                    mantissa = mantissa &* 10 &+ UInt64(digit)
                    exponent -= 1
                }
                digits += 1
                index += 1
            }
        }
        guard digits > 0 else { return nil }
        if index < end && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
            index += 1
            var exponentNegative = false
            if index < end && (bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+")) {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            var written = 0
            var exponentDigits = 0
            while index < end, let digit = digit(bytes[index]) {
                written = min(written * 10 + digit, 100_000)
                exponentDigits += 1
                index += 1
            }
            guard exponentDigits > 0 else { return nil }
            exponent += exponentNegative ? -written : written
        }
        guard index == end else { return nil }
        if significant <= 15 && exponent >= -22 && exponent <= 22 {
            var value = Double(mantissa)
            if exponent < 0 { value /= powersOfTen[-exponent] } else { value *= powersOfTen[exponent] }
            return negative ? -value : value
        }
        return Double(XMLStartTag.text(bytes, textStart, end))
    }

    /// A decimal integer, optionally signed; nil when not one or out of Int64's range.
    static func integer(_ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int64? {
        var (start, end) = trimmed(bytes, start, end)
        guard start < end else { return nil }
        var negative = false
        if bytes[start] == UInt8(ascii: "-") || bytes[start] == UInt8(ascii: "+") {
            negative = bytes[start] == UInt8(ascii: "-")
            start += 1
        }
        guard let magnitude = unsigned(bytes, from: start, to: end), magnitude <= UInt64(Int64.max) else { return nil }
        return negative ? -Int64(magnitude) : Int64(magnitude)
    }

    /// An unsigned decimal integer; nil when not one or over UInt64's range.
    static func unsigned(_ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int) -> UInt64? {
        let (start, end) = trimmed(bytes, start, end)
        guard start < end else { return nil }
        var value: UInt64 = 0
        var index = start
        if end - start <= 19 {
            // Nineteen digits cannot overflow: skip the checks that every color and row id would pay.
            while index < end {
                guard let digit = digit(bytes[index]) else { return nil }
                value = value &* 10 &+ UInt64(digit)
                index += 1
            }
            return value
        }
        while index < end {
            guard let digit = digit(bytes[index]) else { return nil }
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(UInt64(digit))
            if overflow1 || overflow2 { return nil }
            value = sum
            index += 1
        }
        return value
    }

    @inline(__always)
    private static func digit(_ byte: UInt8) -> Int? {
        byte &- UInt8(ascii: "0") < 10 ? Int(byte &- UInt8(ascii: "0")) : nil
    }

    @inline(__always)
    private static func trimmed(_ bytes: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> (Int, Int) {
        var start = start
        var end = end
        while start < end && bytes[start] == 0x20 { start += 1 }
        while end > start && bytes[end - 1] == 0x20 { end -= 1 }
        return (start, end)
    }
}
