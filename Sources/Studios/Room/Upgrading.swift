import StudioDomain
import StudioKit
import StudioWidgets

// What 0.9.0 and 0.11 spelled otherwise, kept so that a package written for them still
// compiles: a renamed declaration is deprecated, and the warning names the new spelling; a
// removed one is unavailable, and the error says what to write instead (rather than "cannot
// find" or, for `listen(to:)`, Glibc's socket `listen`). CHANGELOG.md shows each change
// before and after. They go in 1.0.

/// 0.11's name of the room, when a configured room was a subclass of the core's room.
@available(*, deprecated, renamed: "Room")
public typealias ConfiguredStudio = Room

/// 0.11's base class of a room's duties: a part is now any class conforming to `RoomPart`,
/// with `let link = RoomLink()` and the hooks it needs, none overridden. This class keeps a
/// subclass written for 0.11 compiling and running as it did.
@available(*, deprecated, message: "conform to RoomPart: final class MyKind: RoomPart, StudioKind { let link = RoomLink() … }")
open class RoomComponent: RoomPart, PartWrittenForAnEarlierRelease {
    public let link = RoomLink()

    public init() {}

    /// The room the component is part of.
    public var studio: Room { room }

    open func roomDidLoad() {}

    /// 0.9.0's name of `roomDidLoad()`, called after it for a component written for 0.9.0.
    @available(*, deprecated, renamed: "roomDidLoad")
    open func studioDidLoad() {}

    /// 0.9.0's event funnel; a component listens to each event with its own closure.
    @available(*, unavailable, message: "listen to each event with a closure in roomDidLoad(): listen(to: .prizeWon) { room, prize in … }")
    open func onEvent(_ name: EventName, sender: AnyObject?, userInfo: EventPayload) {}

    open func willUpdate(_ step: FrameStep) {}
    open func didUpdate(_ step: FrameStep) {}
    open func admitsFeed(_ name: EventName) -> Bool { true }
    public func admits(_ note: StudioNote) -> Bool { admitsFeed(note.name) }
    open func contribute(to output: inout StudioOutput) {}

    package func runEarlierLoadHooks() { LegacyHooks.current.studioDidLoad(self) }
}

extension StudioKindRegistration {
    /// 0.11's name of `makeParts`.
    @available(*, deprecated, renamed: "makeParts")
    public var makeComponents: @Sendable () -> [any RoomPart] { makeParts }
}

extension StudioKind {
    /// 0.11's name of `makeParts()`.
    @available(*, deprecated, renamed: "makeParts")
    public static func makeComponents() -> [any RoomPart] { makeParts() }
}

extension Room {
    /// 0.11's name of `part(_:)`.
    @available(*, deprecated, renamed: "part")
    public func component<P: RoomPart>(_ type: P.Type) -> P? { part(type) }
}

/// 0.9.0's spelling of `Catalog`.
@available(*, deprecated, renamed: "Catalog")
public typealias Catalogue = Catalog

/// 0.9.0's base class of a kind with behaviour; a kind is now a component of the one room.
@available(
    *, unavailable, renamed: "RoomPart",
    message:
        "a kind with behaviour is a part of the room: final class MyKind: RoomPart, StudioKind { let link = RoomLink() }, with its hooks in roomDidLoad()"
)
public typealias BasicBusinessStudio = RoomPart

@available(*, deprecated)
extension StudioKind where Self: RoomComponent {
    /// 0.9.0's room helpers, which a kind's class inherited from `BasicBusinessStudio`; a
    /// kind's component reaches them through its `studio`.
    @available(*, deprecated, message: "use studio.messages.toast(_:)")
    public func toast(_ text: String) { studio.messages.toast(text) }

    @available(*, deprecated, message: "use studio.messages.postNotice(_:from:)")
    public func postRoomNotice(_ text: String, from user: String = "LiveStudio") {
        studio.messages.postNotice(text, from: user)
    }

    @available(*, deprecated, message: "set studio.badge.detail")
    public func setBadgeDetail(_ detail: String?) { studio.badge.detail = detail }

    @available(*, deprecated, message: "use studio.widget(named:)")
    public func widget(named name: String) -> Widget? { studio.widget(named: name) }

    @available(*, deprecated, message: "use studio.widget(_:)")
    public func widget<W: Widget>(_ type: W.Type) -> W? { studio.widget(type) }
}

extension Room {
    @available(*, deprecated, message: "use messages.toast(_:)")
    public func toast(_ text: String) { messages.toast(text) }

    @available(*, deprecated, message: "use messages.postNotice(_:from:)")
    public func postRoomNotice(_ text: String, from user: String = "LiveStudio") { messages.postNotice(text, from: user) }

    @available(*, deprecated, message: "set badge.detail")
    public func setBadgeDetail(_ detail: String?) { badge.detail = detail }
}

/// Calls a component's 0.9.0 load hook (`studioDidLoad()`) after its `roomDidLoad()`. The
/// call goes through this protocol so that LiveStudio's own build does not warn about the
/// deprecated hook it must still call; a package that overrides the hook and calls `super`
/// is warned, with the new name.
protocol LegacyComponentHooks: Sendable {
    @available(*, deprecated)
    func studioDidLoad(_ component: RoomComponent)
}

struct LegacyHooks: LegacyComponentHooks {
    @available(*, deprecated)
    func studioDidLoad(_ component: RoomComponent) { component.studioDidLoad() }

    static let current: any LegacyComponentHooks = LegacyHooks()
}
