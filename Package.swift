// swift-tools-version: 5.9
// tablint: a linter and formatter for tabular-center state-machine matrices.
// No dependencies on purpose: only what the Swift toolchain ships.
import PackageDescription

let package = Package(
    name: "tablint",
    products: [
        .executable(name: "tablint", targets: ["tablint"]),
        .library(name: "TablintKit", targets: ["TablintKit"]),
    ],
    targets: [
        .target(name: "TablintKit"),
        .executableTarget(name: "tablint", dependencies: ["TablintKit"]),
        .testTarget(name: "TablintKitTests", dependencies: ["TablintKit"]),
    ]
)
