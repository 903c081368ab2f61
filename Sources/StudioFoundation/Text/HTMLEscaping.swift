extension String {
    /// The text with HTML's five special characters escaped, for element content and
    /// attribute values.
    package var htmlEscaped: String {
        var out = ""
        out.reserveCapacity(count)
        for c in self {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(c)
            }
        }
        return out
    }
}
