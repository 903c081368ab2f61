/// An sRGB color with straight (non-premultiplied) 8-bit alpha.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// `0xRRGGBB` with full opacity, or `0xRRGGBBAA` when `hasAlpha`.
    public init(hex: UInt32, hasAlpha: Bool = false) {
        if hasAlpha {
            self.init(
                r: UInt8(hex >> 24), g: UInt8((hex >> 16) & 0xFF),
                b: UInt8((hex >> 8) & 0xFF), a: UInt8(hex & 0xFF))
        } else {
            self.init(r: UInt8((hex >> 16) & 0xFF), g: UInt8((hex >> 8) & 0xFF), b: UInt8(hex & 0xFF))
        }
    }

    /// This color with its alpha multiplied by `factor` (clamped to 0...1).
    package func withAlpha(_ factor: Double) -> Color {
        let f = min(max(factor, 0), 1)
        return Color(r: r, g: g, b: b, a: UInt8(clamping: (Double(a) * f).rounded()))
    }

    /// Linear interpolation towards `other` by `t` in 0...1.
    public func mixed(with other: Color, _ t: Double) -> Color {
        let t = min(max(t, 0), 1)
        func mix(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8(clamping: (Double(x) + (Double(y) - Double(x)) * t).rounded()) }
        return Color(r: mix(r, other.r), g: mix(g, other.g), b: mix(b, other.b), a: mix(a, other.a))
    }

    public var description: String {
        func h(_ v: UInt8) -> String {
            let s = String(v, radix: 16)
            return s.count == 1 ? "0" + s : s
        }
        return "#" + h(r) + h(g) + h(b) + (a == 255 ? "" : h(a))
    }

    public static let white = Color(r: 255, g: 255, b: 255)
    public static let black = Color(r: 0, g: 0, b: 0)
    package static let clear = Color(r: 0, g: 0, b: 0, a: 0)
}
