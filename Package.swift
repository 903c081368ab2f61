// swift-tools-version: 6.1
import PackageDescription

// Module graph (see ../shared/ARCHITECTURE.md): StudioKit is the pure core and imports
// Foundation only; Studios builds widgets and studio types on it; StudioSDL is the only
// module that talks to SDL; the `studio` executable wires them together.
let package = Package(
    name: "LiveStudio",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "studio", targets: ["studio"]),
        .library(name: "StudioKit", targets: ["StudioKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CSDL2",
            pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev", "libsdl2-ttf-dev", "libsdl2-image-dev"])]
        ),
        .target(name: "StudioKit"),
        .target(name: "Studios", dependencies: ["StudioKit"]),
        .target(name: "StudioSDL", dependencies: ["CSDL2", "StudioKit"]),
        .executableTarget(
            name: "studio",
            dependencies: [
                "StudioKit", "Studios", "StudioSDL",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "StudioKitTests", dependencies: ["StudioKit"]),
        .testTarget(name: "StudiosTests", dependencies: ["Studios", "StudioKit"]),
        .testTarget(name: "StudioSDLTests", dependencies: ["StudioSDL", "Studios", "StudioKit", "CSDL2"]),
    ]
)
