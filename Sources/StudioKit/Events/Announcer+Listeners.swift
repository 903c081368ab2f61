extension Announcer {
    /// The live listeners of `name`, in delivery order (including any subscribed during the
    /// current delivery).
    public func listeners(of name: EventName) -> [AnyObject] {
        let joined = hot.joining.filter { $0.name == name }.map(\.slot)
        return (storedSlots(of: name).filter(\.isLive) + joined)
            .sorted { $0.runsBefore($1) }
            .map(\.handler.owner)
    }

    /// The names `listener` is subscribed to (for dumps), sorted.
    package func subscriptions(of listener: AnyObject) -> [EventName] {
        var names = Set<EventName>()
        for (id, list) in hot.slots.enumerated() where list.contains(where: { $0.isLive && $0.handler.owner === listener }) {
            names.insert(EventName(interned: id))
        }
        for (name, slot) in hot.joining where slot.handler.owner === listener { names.insert(name) }
        return names.sorted { $0.rawValue < $1.rawValue }
    }
}
