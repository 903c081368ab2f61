// swift-tools-version: 6.1
import PackageDescription

// A package built on LiveStudio without touching it: widgets (the lucky wheel, spun by a drag
// or a tap, announcing the prize it stops on, and a cheer button), a studio kind that reacts
// to the wheel, its own `lucky-studio` command line with every `studio` command, and its own
// goldens, audit test and bench scene.
let package = Package(
    name: "LuckyWheel",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "LuckyWheel", targets: ["LuckyWheel"]),
        .executable(name: "lucky-studio", targets: ["lucky-studio"]),
    ],
    dependencies: [
        // A checkout beside yours; from a tagged release instead:
        // .package(url: "https://<host>/<owner>/LiveStudio.git", from: "0.11.1"),
        .package(name: "LiveStudio", path: "../..")
    ],
    targets: [
        .target(
            name: "LuckyWheel",
            dependencies: [
                .product(name: "StudioKit", package: "LiveStudio"),
                .product(name: "Studios", package: "LiveStudio"),
            ],
            // The kind's configuration (`studios/luckyWheel.json`) and the package's own
            // images (`Assets/images`) ship with it.
            resources: [.copy("Resources/studios"), .copy("Resources/Assets")]
        ),
        .executableTarget(
            name: "lucky-studio",
            dependencies: [
                "LuckyWheel",
                .product(name: "Studios", package: "LiveStudio"),
                .product(name: "StudioCLI", package: "LiveStudio"),
            ]
        ),
        .testTarget(
            name: "LuckyWheelTests",
            dependencies: [
                "LuckyWheel",
                .product(name: "StudioKit", package: "LiveStudio"),
                .product(name: "Studios", package: "LiveStudio"),
                .product(name: "StudioTesting", package: "LiveStudio"),
                .product(name: "StudioCLI", package: "LiveStudio"),
                .product(name: "StudioLive", package: "LiveStudio"),
                .product(name: "DanmakuImport", package: "LiveStudio"),
            ],
            exclude: ["__Snapshots__"]
        ),
    ]
)
