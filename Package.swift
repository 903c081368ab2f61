// swift-tools-version: 6.1
import PackageDescription

// Module graph: StudioKit is the pure core and imports
// Foundation only, plus swift-collections' Deque for the announcer's event queue;
// StudioInspection holds the tools that look at a studio (audit, dumps, inspector). The
// live room is four modules: StudioDomain (messages, events, the room services widgets ask
// for, configuration readers), StudioFeed (the simulated server, feed files, scenarios) and
// StudioWidgets (the widget catalogue) side by side on it, and Studios (rooms: kinds,
// configuration, sessions) on top, re-exporting the three; StudioAppCore is the app and the
// deterministic scene harness on Studios. StudioSDL is the only module that talks to SDL;
// StudioProfiler turns frame timings into percentiles, traces and the HUD; StudioBench holds
// the bench scenes and microbenchmark fixtures; StudioTesting holds golden and audit
// assertions for tests; StudioCLI is the command line that wires them
// together, and the `studio` executable calls it.
// package-benchmark runs the fixtures from its own package under Benchmarks/, so that
// `swift build` and CI never build it.
let package = Package(
    name: "LiveStudio",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "studio", targets: ["studio"]),
        // The libraries another package builds on (see Examples/LuckyWheel): the core, the
        // catalog and studio kinds, the window and renderer, the profiler, test support, and
        // the command line with `StudioApp.main(catalog:)`.
        .library(name: "StudioKit", targets: ["StudioKit"]),
        .library(name: "StudioInspection", targets: ["StudioInspection"]),
        .library(name: "DanmakuImport", targets: ["DanmakuImport"]),
        .library(name: "StudioDomain", targets: ["StudioDomain"]),
        .library(name: "StudioFeed", targets: ["StudioFeed"]),
        .library(name: "StudioWidgets", targets: ["StudioWidgets"]),
        .library(name: "Studios", targets: ["Studios"]),
        .library(name: "StudioAppCore", targets: ["StudioAppCore"]),
        .library(name: "StudioSDL", targets: ["StudioSDL"]),
        .library(name: "StudioVideo", targets: ["StudioVideo"]),
        .library(name: "StudioProfiler", targets: ["StudioProfiler"]),
        .library(name: "StudioTesting", targets: ["StudioTesting"]),
        .library(name: "StudioDevTools", targets: ["StudioDevTools"]),
        .library(name: "StudioLive", targets: ["StudioLive"]),
        .library(name: "StudioCLI", targets: ["StudioCLI"]),
        // The bench scenes and microbenchmark fixtures, shared with Benchmarks/.
        .library(name: "StudioBench", targets: ["StudioBench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        // `studio run --devtools` and `studio serve`: their HTTP and WebSocket servers, on
        // SwiftNIO's HTTP parser, whose limits hold against hostile clients.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        // Hummingbird's own SwiftNIO, named for its HTTP/1 decoder's types (`LocalServer`).
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // Hummingbird's own request type, named where an upgrade is decided before it (`LocalServer`).
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        // `make docs` only: the `generate-documentation` command plugin (swift-docc).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // SDL2 and its ttf and image libraries from Debian (libsdl2-dev, libsdl2-ttf-dev,
        // libsdl2-image-dev; `make deps` installs them). Found by the compiler's own search
        // paths rather than pkg-config: sdl2's cflags carry -D_REENTRANT, which SwiftPM
        // refuses from a dependency and warns about in every build of a package that uses
        // LiveStudio, and the shim includes <SDL2/…> so it needs no -I.
        .systemLibrary(name: "CSDL2"),
        // FFmpeg's libraries from Debian, for the video player and `studio record`.
        .systemLibrary(
            name: "CFFmpeg",
            pkgConfig: "libavformat",
            providers: [.apt(["libavformat-dev", "libavcodec-dev", "libavfilter-dev", "libswscale-dev", "libavutil-dev"])]
        ),
        // The Assets folder, as a resource bundle that SwiftPM copies beside every executable
        // and test runner linking StudioKit, in this checkout and in any package depending on
        // LiveStudio. Copied, not processed, so the bundle holds the files byte for byte.
        .target(
            name: "StudioAssets",
            path: "Assets",
            resources: [.copy("danmaku"), .copy("images"), .copy("scenarios"), .copy("studios"), .copy("previews.json")]
        ),
        // What every module may use and none of it is UI: state shared between threads,
        // seeded randomness and stable hashes, file checks and writes that say why they
        // failed, and escaping for the JSON and HTML LiveStudio writes. It imports only the
        // platform, so a file reader can use it without the UI core.
        .target(name: "StudioFoundation"),
        .target(
            name: "StudioKit",
            dependencies: ["StudioAssets", "StudioFoundation", .product(name: "DequeModule", package: "swift-collections")]
            // No unsafe flags: SwiftPM refuses a package that has them as a versioned
            // dependency. Swift's dynamic exclusivity checks stay on; the announcer, which
            // would pay a score of them per publish, keeps its state in memory it owns and
            // reaches it through an addressor, unchecked in release builds only (see
            // Announcer.hot).
        ),
        // The inspection tools: the layering audit, tree dumps, the exploded and bounds views,
        // the F1 inspector, input recording and replay. A tool on the core, not part of it:
        // the loop and the studios run without it.
        .target(name: "StudioInspection", dependencies: ["StudioKit"]),
        // Reading the recordings other tools write: on the foundation alone, not the UI.
        .target(name: "DanmakuImport", dependencies: ["StudioFoundation"]),
        .target(name: "StudioDomain", dependencies: ["StudioKit"]),
        .target(name: "StudioFeed", dependencies: ["StudioKit", "DanmakuImport", "StudioDomain"]),
        .target(name: "StudioWidgets", dependencies: ["StudioKit", "StudioDomain"]),
        .target(name: "Studios", dependencies: ["StudioKit", "StudioDomain", "StudioFeed", "StudioWidgets"]),
        // The app (sessions in a window, F5 reload) and the deterministic scene harness that
        // snapshots, goldens, benches and the fuzzer run rooms in; it replays recorded input,
        // so it is the one room module that uses the inspection tools.
        .target(name: "StudioAppCore", dependencies: ["StudioKit", "StudioInspection", "Studios"]),
        // The rasterizer's innermost blend in C, so that it can use AVX2 where the CPU has it
        // (pixel_kernels.h says why); the same bits on every path.
        .target(name: "CPixelKernels"),
        // Reads which GL renderer a window would get in a child process (renderer_probe.h
        // says why).
        .target(name: "CRendererProbe", dependencies: ["CSDL2"]),
        .target(name: "StudioSDL", dependencies: ["CSDL2", "CPixelKernels", "CRendererProbe", "StudioKit"]),
        .target(name: "StudioVideo", dependencies: ["CFFmpeg", "StudioKit"]),
        // zlib and brotli, for the live protocol's compressed batches.
        .systemLibrary(name: "CLiveCompression", providers: [.apt(["zlib1g-dev", "libbrotli-dev"])]),
        // The two servers' common ground: a Hummingbird application on one address, started and
        // stopped around a command's work, with the limits a hostile client meets.
        .target(
            name: "StudioServing",
            dependencies: [
                "StudioFoundation", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]),
        // The live danmaku protocol (docs/LIVE-PROTOCOL.md): packets, batches and commands read
        // into the records recordings hold, `studio serve`'s replay server, and the live feed
        // of `studio run --live`, an I/O component beside the simulated server.
        .target(
            name: "StudioLive",
            dependencies: [
                "StudioKit", "DanmakuImport", "StudioDomain", "StudioFeed", "CLiveCompression", "StudioServing",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
            ]),
        .target(
            name: "StudioProfiler",
            dependencies: ["StudioKit", .product(name: "Histogram", package: "hdrhistogram-swift")]
        ),
        // Test support for LiveStudio and for packages built on it: golden assertions for a
        // studio, a layer or one widget, the layering audit as an assertion, and scenes run
        // deterministically with the real fonts.
        .target(
            name: "StudioTesting",
            dependencies: [
                "StudioKit", "StudioInspection", "Studios", "StudioAppCore", "StudioSDL",
            ]
        ),
        .target(
            name: "StudioBench",
            dependencies: ["StudioKit", "DanmakuImport", "Studios", "StudioAppCore", "StudioSDL", "StudioProfiler", "StudioLive"]),
        // DevTools: a running room's tree, frames and edits on a local page (`studio run
        // --devtools`), served from the process.
        .target(
            name: "StudioDevTools",
            dependencies: [
                "StudioKit", "StudioInspection", "StudioFeed", "StudioProfiler", "StudioServing",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
            ]),
        // The command line as a library, so that tests and the fuzzer call the same entry
        // points in-process; the `studio` executable is one line on top of it.
        .target(
            name: "StudioCLI",
            dependencies: [
                "StudioKit", "StudioInspection", "DanmakuImport", "Studios", "StudioAppCore", "StudioSDL", "StudioProfiler", "StudioBench",
                "StudioVideo", "StudioDevTools", "StudioLive",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "studio", dependencies: ["StudioCLI", "Studios"]),
        // The structure-aware fuzzer: mutates the repository's valid inputs and runs them
        // in-process through the same entry points as `studio` (see README, Fuzzing).
        .target(
            name: "StudioFuzz",
            dependencies: [
                "StudioCLI", "StudioKit", "StudioInspection", "DanmakuImport", "Studios", "StudioAppCore", "StudioSDL", "StudioLive",
                "StudioDevTools", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(
            name: "studio-fuzz", dependencies: ["StudioFuzz", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .testTarget(name: "StudioFoundationTests", dependencies: ["StudioFoundation"]),
        .testTarget(name: "DanmakuImportTests", dependencies: ["DanmakuImport", "StudioFoundation"]),
        .testTarget(name: "StudioKitTests", dependencies: ["StudioKit", "StudioInspection"]),
        // Rooms driven by hand for the tests of the modules above the core: a loaded room,
        // fixed steps, frames drawn with the approximate measurer, an event recorder. Shared
        // by those modules' test targets, and in no product.
        .target(
            name: "RoomFixtures",
            dependencies: ["Studios", "StudioDomain", "StudioFeed", "StudioWidgets", "StudioAppCore", "StudioKit"],
            path: "Tests/RoomFixtures"),
        .testTarget(name: "StudioDomainTests", dependencies: ["StudioDomain", "StudioKit", "RoomFixtures"]),
        .testTarget(
            name: "StudioFeedTests", dependencies: ["StudioFeed", "StudioDomain", "DanmakuImport", "StudioKit", "RoomFixtures"]),
        .testTarget(
            name: "StudioWidgetsTests",
            dependencies: ["StudioWidgets", "StudioDomain", "StudioFeed", "Studios", "StudioAppCore", "StudioKit", "RoomFixtures"]),
        .testTarget(
            name: "StudioInspectionTests",
            dependencies: [
                "StudioInspection", "Studios", "StudioDomain", "StudioFeed", "StudioWidgets", "StudioKit", "RoomFixtures",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            exclude: ["__Snapshots__"]
        ),
        .testTarget(
            name: "StudioAppCoreTests",
            dependencies: ["StudioAppCore", "Studios", "StudioDomain", "StudioFeed", "StudioWidgets", "StudioKit", "RoomFixtures"]),
        .testTarget(
            name: "StudiosTests",
            dependencies: [
                "Studios", "StudioDomain", "StudioFeed", "StudioWidgets", "StudioAppCore", "DanmakuImport", "StudioKit",
                "StudioInspection", "RoomFixtures",
            ]
        ),
        .testTarget(
            name: "StudioSDLTests",
            dependencies: [
                "StudioSDL", "Studios", "StudioDomain", "StudioFeed", "StudioWidgets", "StudioAppCore", "StudioKit",
                "StudioInspection", "StudioProfiler", "StudioTesting", "CSDL2", "CPixelKernels", "DanmakuImport",
                "CommandFixtures",
            ]),
        .testTarget(
            name: "StudioLiveTests",
            dependencies: ["StudioLive", "DanmakuImport", "StudioDomain", "StudioFeed", "StudioKit", "StudioTesting", "CommandFixtures"]),
        .testTarget(name: "StudioProfilerTests", dependencies: ["StudioProfiler", "StudioKit"]),
        .testTarget(
            name: "StudioVideoTests", dependencies: ["StudioVideo", "StudioKit", "Studios", "StudioAppCore", "StudioTesting"]),
        .testTarget(name: "StudioBenchTests", dependencies: ["StudioBench", "StudioKit"]),
        // What the tests that run the built `studio` share: where it is, its runs' output,
        // the tests' Python and PNGs read back. In no product.
        .target(name: "CommandFixtures", dependencies: ["CSDL2"], path: "Tests/CommandFixtures"),
        .testTarget(
            name: "StudioCLITests",
            dependencies: [
                "StudioCLI", "StudioKit", "Studios", "StudioProfiler", "StudioTesting", "StudioInspection", "DanmakuImport",
                "CommandFixtures",
            ]),
        // DevTools in a real browser, against the window's studio it inspects.
        .testTarget(name: "StudioDevToolsTests", dependencies: ["StudioDevTools", "CommandFixtures"]),
        .testTarget(
            name: "StudioServingTests",
            dependencies: ["StudioServing", "CommandFixtures", "StudioTesting"]),
        .testTarget(
            name: "StudioFuzzTests", dependencies: ["StudioFuzz", "DanmakuImport", "StudioLive", "StudioKit", "CommandFixtures"],
            exclude: ["FuzzRegressions"]),
        .testTarget(name: "StudioTestingTests", dependencies: ["StudioTesting", "StudioKit"]),
        // Golden images of every studio type and layer, with swift-snapshot-testing. The one
        // target written with XCTest, where every other uses Swift Testing: each golden's file
        // is named after its XCTest method (`testEveryStudioKind…` in `__Snapshots__`), so
        // moving these tests would rename every recorded picture, and `make goldens-identical`
        // compares them by name. Its tests that record no picture use Swift Testing.
        .testTarget(
            name: "GoldenTests",
            dependencies: ["StudioTesting", "StudioSDL", "Studios", "StudioAppCore", "StudioKit", "StudioInspection", "StudioVideo"],
            exclude: ["__Snapshots__"]
        ),
    ]
)
