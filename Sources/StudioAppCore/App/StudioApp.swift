import Foundation
import StudioKit
import Studios

/// The whole app on a backend: the studio configurations from `Assets/studios`, a session,
/// the driver, and the simulated server feed as the driver's I/O component.
///
/// The feed runs on its own thread (`ServerFeed`) for real-time runs; deterministic runs
/// (headless, tests, goldens) use `LockstepFeed`, the same logic on the loop thread, so that
/// the same seed and scenario give the same frames.
public final class StudioApp {
    public struct Options {
        public var assets: URL
        public var session = "audience"
        public var start: Scheme?
        public var seed: UInt64 = 1
        public var scenario: Scenario?
        /// Run the feed in lockstep with the loop (deterministic) instead of on its own thread.
        package var lockstep = false
        /// The widgets, kinds and rooms the app knows.
        public var catalog = Catalog.standard
        /// The viewer's danmaku settings for the whole session: every room's barrage uses them
        /// instead of its configuration's, and the room's settings sheet changes them (nil:
        /// each room uses its own until the viewer changes them in one).
        public var danmaku: DanmakuSettings?
        /// A danmaku file or live recording to play as the rooms' chat (`--feed-file`).
        package var feedFile: FeedFile?
        /// Another component is the rooms' server (`--live`): nothing is simulated, neither
        /// the audience nor the connection, and the rooms start with no one counted
        /// (`LiveServerRooms` is shared) until the server says.
        package var liveServer = false
        /// More I/O components for the driver, made once it exists (the command line's video
        /// player, which links FFmpeg, as this module does not).
        public var components: [(StudioDriver) -> IOComponent] = []

        public init(assets: URL) { self.assets = assets }
    }

    /// The assets folder: images, scenarios and `studios/` configurations.
    public let assets: URL
    /// The configurations in force (F5 reloads them, see `ConfigReloadOverlay`).
    package let configs: ConfigStore
    public let session: Session
    /// The viewer's coins, hearts and name for the whole session, in every room's
    /// environment.
    public let viewer: ViewerAccount
    public let driver: StudioDriver

    /// A bad configuration file is skipped (`configs.problems` lists it) and fails only the
    /// rooms of its own kind.
    /// - Throws: `ConfigError` for the start room's bad configuration (file, key path,
    ///   reason) or an unreadable studios folder, an unknown session, or `UnhandledSchemeError` for a start room no module opens.
    public init(options: Options, backend: Backend, clock: Clock) throws {
        assets = options.assets
        // The package's own images are found before the run's Assets folder's.
        for folder in options.catalog.assets { AssetOverlays.add(folder) }
        let loader = options.catalog.loader
        let store = try ConfigStore(folder: StudioConfigLoader.studiosFolder(inAssets: options.assets).path, loader: loader)
        configs = store
        let factory = StudioFactory(types: loader.types, catalog: loader.catalog)
        // One viewer's danmaku settings, shared by every room of the session.
        let danmakuPreferences = DanmakuPreferences(settings: options.danmaku)
        // And one viewer's coins, hearts and name: a room change or a reload keeps them.
        let account = ViewerAccount()
        viewer = account
        let liveServer = options.liveServer ? LiveServerRooms() : nil
        session = try Sessions.make(
            options.session, start: options.start, seed: options.seed,
            measurer: backend.textMeasurer, kinds: options.catalog.kindNames,
            directory: options.liveServer ? options.catalog.directory.countedByServer : options.catalog.directory
        ) { kind, room, environment in
            // A kind whose own file was skipped fails with that file's error, not as missing.
            if let problem = store.problem(forKind: kind) { throw problem }
            environment.share(danmakuPreferences)
            environment.share(account)
            if let file = options.feedFile { environment.share(file) }
            if let liveServer { environment.share(liveServer) }
            return try factory.makeStudio(kind: kind, configs: store.configs, room: room, environment: environment)
        }
        let input = options.scenario.map { ScenarioInputBackend(base: backend, scenario: $0) } ?? backend
        driver = try StudioDriver(provider: session, backend: input, clock: clock)
        // The app's warnings read as the command line's own.
        driver.log = { ToolName.say("warning: \($0)") }
        let core = FeedCore(
            seed: options.seed, scenario: options.scenario, file: options.feedFile, serverElsewhere: options.liveServer
        ) { room in
            store.configs[room.kind]?.feed ?? .live
        }
        driver.add(
            options.lockstep
                ? LockstepFeed(inbox: driver.inbox, core: core)
                : ServerFeed(inbox: driver.inbox, core: core))
        // The catalog's feeds first (a package's own server messages), then the command's
        // (a video player).
        for make in options.catalog.components { driver.add(make(driver)) }
        for make in options.components { driver.add(make(driver)) }
        driver.overlays.append(ConfigReloadOverlay(store: store))
    }
}
