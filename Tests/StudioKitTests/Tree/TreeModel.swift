@testable import StudioKit

/// The plain reference for the widget tree: who is whose parent, each node's level, and
/// when it last took its place among its siblings. A node's children are the nodes whose
/// parent it is, sorted by (level, time of placement): ordered by level, ties in
/// insertion order, and a node that moves or changes level goes last among its new equals.
struct TreeModel {
    private(set) var parent: [String: String] = [:]
    private(set) var level: [String: Double] = [:]
    private var placedAt: [String: Int] = [:]
    private var clock = 0
    let rootName: String

    init(root: String) {
        rootName = root
        level[root] = 0
    }

    /// Every node still in the tree, the root included.
    var nodes: [String] { Array(level.keys) }

    mutating func insert(_ name: String, level l: Double, under p: String) {
        level[name] = l
        place(name, under: p)
    }

    mutating func move(_ name: String, under p: String) { place(name, under: p) }

    mutating func setLevel(_ name: String, _ l: Double) {
        level[name] = l
        place(name, under: parent[name]!)
    }

    /// Removes a node and everything below it.
    mutating func remove(_ name: String) {
        for node in subtree(of: name) {
            parent[node] = nil
            level[node] = nil
            placedAt[node] = nil
        }
    }

    func children(of p: String) -> [String] {
        parent.filter { $0.value == p }.map(\.key)
            .sorted { (level[$0]!, placedAt[$0]!) < (level[$1]!, placedAt[$1]!) }
    }

    /// The node and all its descendants.
    func subtree(of name: String) -> Set<String> {
        var out: Set<String> = [name]
        var frontier = [name]
        while let n = frontier.popLast() {
            for c in children(of: n) where out.insert(c).inserted { frontier.append(c) }
        }
        return out
    }

    private mutating func place(_ name: String, under p: String) {
        parent[name] = p
        clock += 1
        placedAt[name] = clock
    }
}

/// The first difference between a real tree and the model, or nil when they agree:
/// every node's children in the same order, and no broken invariant.
func treeMismatch(_ model: TreeModel, _ widgets: [String: Widget], root: Widget) -> String? {
    let problems = root.invariantViolations()
    if !problems.isEmpty { return "invariants: \(problems)" }
    let realCount = root.subtree().count
    if realCount != model.nodes.count { return "tree has \(realCount) widgets, model \(model.nodes.count)" }
    for name in model.nodes.sorted() {
        let real = widgets[name]!.children.map(\.name)
        let expected = model.children(of: name)
        if real != expected { return "children of \(name): \(real), model \(expected)" }
    }
    return nil
}
