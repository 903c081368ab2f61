/// Where UTF-8 text goes wrong, so that a reader can name the line and column of a bad byte
/// instead of saying only that a file is "not UTF-8".
package enum UTF8Check {
    /// The offset, from the start of `bytes`, of the first byte that does not begin a valid
    /// UTF-8 sequence; nil when all of `bytes` is valid UTF-8.
    /// - Complexity: O(n); pure ASCII takes the fast path. Inlinable so that readers calling it
    ///   per line from other modules get it specialized to their byte slices.
    @inlinable
    package static func firstInvalidOffset<C: Collection>(_ bytes: C) -> Int? where C.Element == UInt8 {
        if bytes.allSatisfy({ $0 < 0x80 }) { return nil }
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .error: return offset
            case .emptyInput: return nil
            }
        }
    }
}
