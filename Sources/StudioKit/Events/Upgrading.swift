// What 0.9.0 spelled otherwise in the core, kept so that a package written for it still
// compiles: a renamed declaration is deprecated, and the warning names the new spelling; a
// removed one is unavailable, and the error says what to write instead. CHANGELOG.md shows
// each change before and after. They go in 1.0.

extension EventListener {
    /// 0.9.0's subscription by name, whose events arrived in `onEvent`. Without it, a call
    /// `listen(to: EventKey.x.name)` resolved to Glibc's socket `listen` and failed with
    /// "cannot convert 'EventName' to 'Int32'".
    @available(
        *, unavailable,
        message: "listen to the key itself, with a closure: listen(to: .prizeWon) { listener, prize in … }"
    )
    public func listen(to names: EventName..., priority: Int = 0) -> SubscriptionToken? { nil }
}

extension Widget {
    @available(*, deprecated, renamed: "publish")
    public func announce<Payload>(_ key: EventKey<Payload>, _ value: Payload) { publish(key, value) }

    @available(*, deprecated, renamed: "publish")
    public func announce(_ key: EventKey<NoPayload>) { publish(key) }

    @available(*, unavailable, message: "publish an EventKey<Payload>: publish(.prizeWon, prize)")
    public func announce(_ name: EventName, _ payload: EventPayload? = nil) {}
}

extension EventKey {
    /// 0.9.0's read of a payload in `onEvent`; a listener's closure gets the typed value.
    @available(*, unavailable, message: "the closure given to listen(to:) gets the typed value: listen(to: key) { listener, value in … }")
    public func payload(_ name: EventName, _ userInfo: EventPayload) -> Payload? { nil }
}

extension RoomInfo {
    /// 0.9.0's room of a kind named by a `String`; a kind is a `RoomKind` (a string literal
    /// still makes one, and takes the other initializer).
    @available(*, deprecated, message: "pass the kind as a RoomKind: RoomKind(name), or declare `static let kind: RoomKind`")
    @_disfavoredOverload
    public init(id: Int, kind: String, title: String, hostName: String, cover: ImageRef, onlineCount: Int) {
        self.init(id: id, kind: RoomKind(kind), title: title, hostName: hostName, cover: cover, onlineCount: onlineCount)
    }
}

/// 0.11's name of the room, when lifecycle, input and layers were each a class of a chain
/// that ended in this one.
@available(*, deprecated, renamed: "Room")
public typealias LayeredStudio = Room
