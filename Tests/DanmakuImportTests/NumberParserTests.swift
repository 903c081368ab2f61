import StudioFoundation
import Testing

@testable import DanmakuImport

@Suite("Number parsing")
struct NumberParserTests {
    private func double(_ text: String) -> Double? {
        Array(text.utf8).withUnsafeBufferPointer { DanmakuNumberParser.double($0.baseAddress!, from: 0, to: $0.count) }
    }

    private func integer(_ text: String) -> Int64? {
        Array(text.utf8).withUnsafeBufferPointer { DanmakuNumberParser.integer($0.baseAddress!, from: 0, to: $0.count) }
    }

    @Test("decimals parse to exactly the double the standard library gives")
    func matchesStandardLibrary() {
        var random = SeededRandom(seed: 1)
        for _ in 0..<20_000 {
            let whole = random.index(below: 100_000)
            let digits = random.index(below: 16)
            var fraction = ""
            for _ in 0..<digits { fraction.append(Character(String(random.index(below: 10)))) }
            let text = digits == 0 ? "\(whole)" : "\(whole).\(fraction)"
            #expect(double(text) == Double(text), "\(text)")
        }
        for text in ["145.91299438477", "0.000001", "1e3", "2.5E-3", "-0", "+7", "123456789012345678901234.5"] {
            #expect(double(text) == Double(text), "\(text)")
        }
    }

    @Test("words, hex, empty fields and stray characters are not numbers")
    func notNumbers() {
        for text in ["", "nan", "NaN", "inf", "infinity", "0x10", "1.2.3", "1e", "abc", "12a", ".", "-"] {
            #expect(double(text) == nil, "\(text)")
        }
    }

    @Test("a number too large for a double parses as infinity, for the caller to reject")
    func overflow() {
        #expect(double("1e309") == .infinity)
    }

    @Test("integers parse with a sign and reject overflow")
    func integers() {
        #expect(integer("-42") == -42)
        #expect(integer(" 7 ") == 7)
        #expect(integer("9223372036854775807") == .max)
        #expect(integer("9223372036854775808") == nil)
        #expect(integer("4.5") == nil)
    }
}
