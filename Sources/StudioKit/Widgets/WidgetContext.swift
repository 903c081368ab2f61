import StudioFoundation

/// What a widget receives when it is attached (injected, never looked up
/// from a singleton): the studio it lives in, the announcer, its layer, the room and the
/// environment (text measurer, seeded randomness, viewport).
public struct WidgetContext {
    public private(set) weak var studio: (any StudioHost)?
    public let announcer: Announcer
    public internal(set) var layer: LayerKind
    public let environment: StudioEnvironment

    public init(studio: any StudioHost, announcer: Announcer, layer: LayerKind, environment: StudioEnvironment) {
        self.studio = studio
        self.announcer = announcer
        self.layer = layer
        self.environment = environment
    }

    /// The room the studio shows.
    public var room: RoomInfo { studio?.room ?? RoomInfo.placeholder }

    func with(layer: LayerKind) -> WidgetContext {
        var copy = self
        copy.layer = layer
        return copy
    }
}

/// What the studio offers its widgets through their context.
public protocol StudioHost: AnyObject {
    var announcer: Announcer { get }
    var room: RoomInfo { get }
    var environment: StudioEnvironment { get }
    /// The room's service `Service` (a protocol such as `LiteModeService`), or nil where the
    /// room provides none.
    func service<Service>(_ type: Service.Type) -> Service?
}

extension StudioHost {
    /// By default a host provides the services it conforms to.
    public func service<Service>(_ type: Service.Type) -> Service? { self as? Service }
}

/// Shared services of one studio, injected into every widget.
public final class StudioEnvironment {
    /// Measures text as the renderer draws it.
    public let measurer: TextMeasurer
    /// The only source of randomness widgets may use: seeded, so runs repeat exactly.
    package var random: SeededRandom
    /// The logical size of the studio (720x1280).
    package let viewport: Size
    /// Simulated seconds since the studio loaded.
    public internal(set) var time: Double = 0
    /// Measures each widget's update and draw when set (profiling); nil costs nothing.
    package var probe: WidgetProbe?
    /// Objects shared beyond one room, one per type: what a session keeps for all its rooms
    /// (the viewer's danmaku settings follow them from room to room). Injected like the rest,
    /// so no widget reaches for a singleton.
    private var sharedObjects: [ObjectIdentifier: AnyObject] = [:]

    public init(measurer: TextMeasurer, seed: UInt64, viewport: Size = .studio) {
        self.measurer = measurer
        self.random = SeededRandom(seed: seed)
        self.viewport = viewport
    }

    /// The shared object of type `Object`, if one was shared. (A room's services are
    /// another thing: `WidgetContext.service(_:)` asks the room and its parts.)
    /// - Complexity: one dictionary lookup; read it when loading, not every frame.
    public func shared<Object: AnyObject>(_ type: Object.Type) -> Object? {
        sharedObjects[ObjectIdentifier(type)] as? Object
    }

    /// Shares `object` with every widget and part of the room, replacing one of the same
    /// type. The app shares a session's objects before it builds each room.
    public func share<Object: AnyObject>(_ object: Object) {
        sharedObjects[ObjectIdentifier(Object.self)] = object
    }

    /// 0.11's name of `shared(_:)`.
    @available(*, deprecated, renamed: "shared")
    public func service<Object: AnyObject>(_ type: Object.Type) -> Object? { shared(type) }

    /// 0.11's name of `share(_:)`.
    @available(*, deprecated, renamed: "share")
    public func provide<Object: AnyObject>(_ object: Object) { share(object) }
}

extension StudioEnvironment {
    /// The strip at the top the status bar covers, in logical pixels.
    package static let statusBarHeight = 40.0
    /// The strip at the bottom the home indicator covers, in logical pixels.
    package static let homeIndicatorHeight = 34.0

    /// The viewport without those strips: where a widget may take touches (the layering
    /// audit's safe area) and what configured frames are relative to.
    public var safeArea: Rect {
        Rect(
            x: 0, y: Self.statusBarHeight, width: viewport.width,
            height: max(viewport.height - Self.statusBarHeight - Self.homeIndicatorHeight, 0))
    }
}

/// The room a studio shows. Studio types read what they need from it.
public struct RoomInfo: Hashable, Sendable {
    public var id: Int
    public var kind: RoomKind
    public var title: String
    public var hostName: String
    public var cover: ImageRef
    public var onlineCount: Int
    /// Seconds the stream had been live when the viewer came in: a viewer's LIVE clock shows
    /// the stream's age, not the visit's. Nil when unknown (the directory then picks one).
    public var liveFor: Double?

    public init(id: Int, kind: RoomKind, title: String, hostName: String, cover: ImageRef, onlineCount: Int) {
        self.id = id
        self.kind = kind
        self.title = title
        self.hostName = hostName
        self.cover = cover
        self.onlineCount = onlineCount
    }

    public static let placeholder = RoomInfo(
        id: 0, kind: "audience", title: "", hostName: "",
        cover: ImageRef("cover-1"), onlineCount: 0)
}
