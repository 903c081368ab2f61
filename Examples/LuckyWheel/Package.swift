// swift-tools-version: 6.1
import PackageDescription

// A package built on LiveStudio without touching it: one widget (the lucky wheel, spun by a
// drag or a tap, announcing the prize it stops on), one studio kind that reacts to it, its
// own `lucky-studio` command line with every `studio` command, and its own goldens, audit
// test and bench scene. It depends on LiveStudio by path; another project would write
// `.package(url: "<LiveStudio's repository>", from: "0.9.0")` instead.
let package = Package(
    name: "LuckyWheel",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "LuckyWheel", targets: ["LuckyWheel"]),
        .executable(name: "lucky-studio", targets: ["lucky-studio"]),
    ],
    dependencies: [
        .package(name: "LiveStudio", path: "../..")
    ],
    targets: [
        .target(
            name: "LuckyWheel",
            dependencies: [
                .product(name: "StudioKit", package: "LiveStudio"),
                .product(name: "Studios", package: "LiveStudio"),
            ],
            // The kind's configuration ships with the package (`studios/luckyWheel.json`).
            resources: [.copy("Resources/studios")]
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
            ],
            exclude: ["__Snapshots__"]
        ),
    ]
)
