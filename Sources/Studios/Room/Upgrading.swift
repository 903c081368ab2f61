import StudioDomain
import StudioKit
import StudioWidgets

// What 0.9.0 spelled otherwise, kept so that a package written for it still compiles: a
// renamed declaration is deprecated, and the warning names the new spelling; a removed one
// is unavailable, and the error says what to write instead (rather than "cannot find" or,
// for `listen(to:)`, Glibc's socket `listen`). CHANGELOG.md shows each change before and
// after. They go in 1.0.

/// 0.9.0's spelling of `Catalog`.
@available(*, deprecated, renamed: "Catalog")
public typealias Catalogue = Catalog

/// 0.9.0's base class of a kind with behaviour; a kind is now a component of the one room.
@available(
    *, unavailable, renamed: "RoomComponent",
    message: "a kind with behaviour is a component: final class MyKind: RoomComponent, StudioKind, with its hooks in roomDidLoad()"
)
public typealias BasicBusinessStudio = RoomComponent

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

extension ConfiguredStudio {
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
    func studioDidLoad(_ component: RoomComponent)
}

struct LegacyHooks: LegacyComponentHooks {
    @available(*, deprecated)
    func studioDidLoad(_ component: RoomComponent) { component.studioDidLoad() }

    static let current: any LegacyComponentHooks = LegacyHooks()
}
