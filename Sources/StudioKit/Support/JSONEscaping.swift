extension String {
    /// The string as the inside of a JSON string literal: quotes, backslashes and control
    /// characters escaped, everything else as it is (JSON is UTF-8).
    public var jsonEscaped: String {
        var result = ""
        result.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
