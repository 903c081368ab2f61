/// An ordered record of what happened, shared by the widgets and listeners of one test so
/// that the test can assert the order of calls across objects.
final class CallLog {
    private(set) var entries: [String] = []

    func add(_ entry: String) { entries.append(entry) }

    /// The entries that start with `prefix` (for example "load "), in order.
    func entries(startingWith prefix: String) -> [String] {
        entries.filter { $0.hasPrefix(prefix) }
    }

    func clear() { entries.removeAll() }
}
