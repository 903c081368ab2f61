import Foundation
import StudioFoundation
import Testing

@Suite("Checked conversions from Double")
struct CheckedConversionTests {
    /// The generic `FixedWidthInteger` conversion, as generic code calls it.
    static func generic<T: FixedWidthInteger>(_ value: Double, as: T.Type) -> T { T(clamping: value) }

    @Test("NaN gives 0, infinities and huge values saturate, in-range values truncate towards zero")
    func edges() {
        #expect(Int(clamping: Double.nan) == 0)
        #expect(Int(clamping: Double.infinity) == .max && Int(clamping: -Double.infinity) == .min)
        #expect(Int(clamping: 1e300) == .max && Int(clamping: -1e300) == .min)
        #expect(Int(clamping: 9_223_372_036_854_775_808.0) == .max)
        #expect(Int(clamping: -9_223_372_036_854_775_808.0) == .min)
        #expect(Int(clamping: 2.9) == 2 && Int(clamping: -2.9) == -2 && Int(clamping: -0.0) == 0)
    }

    @Test("Int's own conversion gives exactly what the generic one gives, edges and random values alike")
    func intAgreesWithGeneric() {
        var edges: [Double] = [
            .nan, .infinity, -.infinity, 1e300, -1e300, 0, -0.0, 0.5, -0.5, 1e18, -1e18,
            9_223_372_036_854_775_808.0, -9_223_372_036_854_775_808.0, 9_223_372_036_854_774_784.0,
            .leastNonzeroMagnitude, .greatestFiniteMagnitude, 4_503_599_627_370_496.5,
        ]
        var random = SeededRandom(seed: 11)
        for _ in 0..<10_000 { edges.append((random.unit() - 0.5) * pow(10, (random.unit() * 40).rounded(.down))) }
        for value in edges {
            #expect(Int(clamping: value) == Self.generic(value, as: Int.self), "\(value)")
        }
    }
}
